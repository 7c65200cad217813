import { describe, expect, it } from "vitest";
import { createSecretBox } from "./sealed-secrets";

describe("sealed secrets", () => {
  const box = createSecretBox("server-secret-0123456789abcdef0123456789", "webshop credentials");

  it("opens what it sealed, and the sealed text shows nothing of it", () => {
    const sealed = box.seal("ck_live_abcdef");
    expect(sealed).not.toContain("ck_live");
    expect(sealed).not.toBe(box.seal("ck_live_abcdef"));
    expect(box.open(sealed)).toBe("ck_live_abcdef");
  });

  it("opens nothing sealed under another secret or purpose, tampered with, or not sealed at all", () => {
    const sealed = box.seal("shpat_123");
    expect(createSecretBox("another-server-secret-0123456789abcdef", "webshop credentials").open(sealed)).toBeUndefined();
    expect(createSecretBox("server-secret-0123456789abcdef0123456789", "other purpose").open(sealed)).toBeUndefined();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("AA") ? "BB" : "AA"}`;
    expect(box.open(tampered)).toBeUndefined();
    expect(box.open("shpat_123")).toBeUndefined();
    expect(box.open("v1:")).toBeUndefined();
  });
});
