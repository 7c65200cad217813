import { describe, expect, it } from "vitest";
import { anonymisationEntityTypeNames, anonymisationEntityTypeOf, anonymisationEntityTypes } from "./anonymisation";

describe("anonymisation entity types", () => {
  it("names each type once, in upper snake case, with a description", () => {
    expect(new Set(anonymisationEntityTypeNames).size).toBe(anonymisationEntityTypes.length);
    for (const entityType of anonymisationEntityTypes) {
      expect(entityType.name).toMatch(/^[A-Z][A-Z_]*$/);
      expect(entityType.description.length).toBeGreaterThan(10);
    }
  });

  it("reads configured names with aliases, any case and spaces; unknown names are undefined", () => {
    expect(anonymisationEntityTypeOf("EMAIL")).toBe("EMAIL_ADDRESS");
    expect(anonymisationEntityTypeOf(" email_address ")).toBe("EMAIL_ADDRESS");
    expect(anonymisationEntityTypeOf("person")).toBe("PERSON");
    expect(anonymisationEntityTypeOf("PHONE_NUMBER")).toBe("PHONE_NUMBER");
    expect(anonymisationEntityTypeOf("SOCIAL_SECURITY")).toBeUndefined();
    expect(anonymisationEntityTypeOf("")).toBeUndefined();
  });
});
