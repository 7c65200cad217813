import { describe, expect, it } from "vitest";
import { articleSubjectMaxLength, articleTextMaxLength, typedArticleSchema } from "./article";

const issueOf = async (values: unknown) => {
  try {
    await typedArticleSchema.validate(values);
    return undefined;
  } catch (error) {
    return (error as { errors: unknown[] }).errors[0];
  }
};

describe("a typed article", () => {
  it("needs a text beyond spaces, and may leave the subject out", async () => {
    expect(await issueOf({ subject: "", text: "   " })).toMatchObject({ key: "field_required" });
    expect(await issueOf({ subject: null, text: "Opening hours: 9 to 5" })).toBeUndefined();
  });

  it("refuses a subject or text longer than the contract takes", async () => {
    expect(await issueOf({ subject: "s".repeat(articleSubjectMaxLength + 1), text: "x" })).toMatchObject({ key: "text_too_long" });
    expect(await issueOf({ subject: "s".repeat(articleSubjectMaxLength), text: "x ".repeat(articleTextMaxLength / 2 + 1) })).toMatchObject({ key: "text_too_long" });
  });
});
