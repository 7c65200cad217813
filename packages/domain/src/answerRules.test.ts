import { describe, expect, it } from "vitest";
import { answerRuleTexts, defaultAnswerInstruction, defaultUrlSearchInstruction, urlSearchRuleTexts } from "./answerRules";
import { defaultAnswerRules } from "./configuration";
import { languageCodes } from "./locale";

describe("default answer rules", () => {
  it("has every rule in every assistant language, each text its own", () => {
    for (const language of languageCodes) {
      const texts = defaultAnswerRules.map((rule) => answerRuleTexts[language][rule]);
      expect(texts.every((text) => text.trim().length > 0), language).toBe(true);
      expect(new Set(texts).size).toBe(texts.length);
    }
    expect(new Set(languageCodes.map((language) => answerRuleTexts[language].greet_once)).size).toBe(languageCodes.length);
  });

  it("writes the answer instruction as one line per rule and keeps the parent-frame link rule", () => {
    const instruction = defaultAnswerInstruction("nl");
    expect(instruction.split("\n")).toHaveLength(defaultAnswerRules.length);
    expect(instruction).toContain('target="_parent"');
  });

  it("names the 1 to 3 URL range in every language", () => {
    for (const language of languageCodes) {
      expect(defaultUrlSearchInstruction(language)).toBe(urlSearchRuleTexts[language]);
      expect(urlSearchRuleTexts[language]).toMatch(/1\D+3/);
    }
  });
});
