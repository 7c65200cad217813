import { describe, expect, it } from "vitest";
import { answerFromSources } from "./extractive";
import { answerConfidenceThreshold, type FoundSource } from "./sources";

const faqRow = (title: string, answer: string, confidence: number): FoundSource => ({
  kind: "faq",
  title,
  url: null,
  text: `${title}\n${answer}`,
  answer,
  confidence,
  score: confidence,
});

describe("the extractive answer", () => {
  it("names as its source only the FAQ entry it answers with, not the other entries that matched", () => {
    const found = [
      faqRow("When will my order arrive?", "Orders usually arrive the next working day.", 0.9),
      faqRow("When do I get my money back?", "We refund within 5 working days.", Math.min(1, answerConfidenceThreshold + 0.05)),
    ];
    const answer = answerFromSources("when will my order arrive", found, "en", []);
    expect(answer.text).toBe("Orders usually arrive the next working day.");
    expect(answer.sources).toEqual([{ kind: "faq", title: "When will my order arrive?", url: null }]);
  });

  it("counts the best source's answer and 'I don't know' as answers, small talk and the note that nobody is online not", () => {
    const found = [faqRow("When will my order arrive?", "Orders usually arrive the next working day.", 0.9)];
    expect(answerFromSources("when will my order arrive", found, "en", []).answer).toBe(true);
    expect(answerFromSources("what is the capital of Australia", [], "en", []).answer).toBe(true);
    expect(answerFromSources("what is the capital of Australia", [], "en", ["https://shop.example/"]).answer).toBe(true);
    expect(answerFromSources("hi", found, "en", []).answer).toBe(false);
    expect(answerFromSources("thank you!", found, "en", []).answer).toBe(false);
    expect(answerFromSources("who are you?", found, "en", []).answer).toBe(false);
    expect(answerFromSources("can I talk to a person", [], "en", [], { personRequested: true }).answer).toBe(false);
  });
});
