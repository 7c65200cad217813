import { describe, expect, it } from "vitest";
import { smallTalkOf, smallTalkReplies } from "./smallTalk";
import { languageCodes } from "./locale";

describe("smallTalkOf", () => {
  it.each([
    ["hi", "greeting"],
    ["Hello there!", "greeting"],
    ["good morning team :)", "greeting"],
    ["Goedemorgen", "greeting"],
    ["Guten Tag", "greeting"],
    ["¡Buenos días!", "greeting"],
    ["Bonjour à tous", "greeting"],
    ["thanks!", "thanks"],
    ["Thank you so much for your help", "thanks"],
    ["hartelijk bedankt", "thanks"],
    ["Vielen Dank", "thanks"],
    ["muchas gracias", "thanks"],
    ["merci beaucoup", "thanks"],
    ["hi, thanks!", "thanks"],
    ["ok thanks, bye", "goodbye"],
    ["tot ziens", "goodbye"],
    ["Auf Wiedersehen", "goodbye"],
    ["au revoir", "goodbye"],
    ["hasta luego", "goodbye"],
    ["thank you, that helps", "thanks"],
    ["thanks, that was very helpful", "thanks"],
    ["ok", "acknowledgement"],
    ["Okay, got it", "acknowledgement"],
    ["perfect!", "acknowledgement"],
    ["oké, duidelijk", "acknowledgement"],
    ["alles klar", "acknowledgement"],
    ["vale, entendido", "acknowledgement"],
    ["d'accord, c'est parfait", "acknowledgement"],
    ["who are you?", "identity"],
    ["Are you a bot?", "identity"],
    ["am I talking to a real person?", "identity"],
    ["ben jij een mens of een robot?", "identity"],
    ["Bist du ein Mensch?", "identity"],
    ["¿Eres un robot?", "identity"],
    ["Êtes-vous un humain ?", "identity"],
  ])("%s is %s", (message, kind) => {
    expect(smallTalkOf(message)).toBe(kind);
  });

  it.each([
    "hi, where is my order?",
    "thanks, but how do I return this?",
    "bedankt, wat kost verzending?",
    "ok, and where is my order?",
    "Are you a computer shop?",
    "Do you sell robot vacuum cleaners?",
    "who are you shipping with?",
    "great, how much is shipping?",
    "",
    "   !!! ",
    "I will order later",
    "hi hi hi hi hi hi hi hi hi",
  ])("%j is not small talk", (message) => {
    expect(smallTalkOf(message)).toBeNull();
  });

  it("has a reply of each kind in every language", () => {
    for (const language of languageCodes) {
      for (const kind of ["greeting", "thanks", "goodbye", "acknowledgement", "identity"] as const) expect(smallTalkReplies[language][kind].length).toBeGreaterThan(5);
    }
  });
});
