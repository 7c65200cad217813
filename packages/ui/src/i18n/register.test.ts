import { formalAddressIn } from "@parley/domain/addressRegister";
import { describe, expect, it } from "vitest";
import { allNamespaceLoaders } from "./locale-keys";

function texts(messages: unknown, prefix = ""): [string, string][] {
  if (typeof messages === "string") return [[prefix, messages]];
  if (messages === null || typeof messages !== "object") return [];
  return Object.entries(messages).flatMap(([key, value]) => texts(value, prefix === "" ? key : `${prefix}.${key}`));
}

describe("the portal addresses its users informally", () => {
  it.each(["es", "nl"] as const)("every %s text uses the informal register (tú / je)", async (language) => {
    const formal: string[] = [];
    for (const [namespace, load] of Object.entries(allNamespaceLoaders)) {
      for (const [key, text] of texts((await load(language)).default)) {
        for (const word of formalAddressIn(language, text)) formal.push(`${namespace}:${key}: ${word}`);
      }
    }
    expect(formal).toEqual([]);
  });
});
