import { describe, expect, it } from "vitest";
import { asksForPerson } from "./personRequest";

describe("a visitor asking for a person", () => {
  it("is recognised in the five languages, as a request to talk or as a short call for one", () => {
    for (const message of [
      "Can I talk to a human?",
      "I want to speak to someone about my order",
      "connect me with a real person please",
      "agent please",
      "Human!",
      "Kan ik een medewerker spreken?",
      "ik wil iemand aan de lijn, kan ik jullie bellen",
      "medewerker",
      "Kann ich mit einem Mitarbeiter sprechen?",
      "Ich möchte mit einem Menschen reden",
      "¿Puedo hablar con una persona?",
      "quiero hablar con un agente humano",
      "Je voudrais parler à un conseiller",
      "Puis-je parler à quelqu'un ?",
    ]) {
      expect(asksForPerson(message), message).toBe(true);
    }
  });

  it("is not read into questions that name people or contact without asking for someone", () => {
    for (const message of [
      "",
      "Is my personal data safe?",
      "Are you human?",
      "am I talking to a real person?",
      "Bist du ein Mensch?",
      "How do I contact customer service?",
      "What is your phone number?",
      "Can someone tell me when my order arrives?",
      "Where is my order?",
      "Hoe neem ik contact op met de klantenservice?",
      "Wie viel kostet der Versand?",
      "¿Cuánto cuesta el envío?",
      "Personne ne m'a répondu, où est ma commande ?",
    ]) {
      expect(asksForPerson(message), message).toBe(false);
    }
  });
});
