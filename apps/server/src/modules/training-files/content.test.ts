import { describe, expect, it } from "vitest";
import { displayNameOf, inspectTrainingFile, storedNameFor } from "./content";

describe("names of training files", () => {
  it("shows the last part of the client's name without control characters, at most 255 characters", () => {
    expect(displayNameOf("C:\\Users\\me\\Prijzen 2025.txt")).toBe("Prijzen 2025.txt");
    expect(displayNameOf("../../etc/passwd.txt")).toBe("passwd.txt");
    expect(displayNameOf("a\u0007b\u009b.pdf ")).toBe("ab.pdf");
    expect([...displayNameOf(`${"é".repeat(300)}.pdf`)]).toHaveLength(255);
  });

  it("stores under lower-case ASCII, a random suffix and the content's extension", () => {
    expect(storedNameFor("Crème Brûlée – Menü.PDF", ".pdf")).toMatch(/^creme-brulee-menu-[0-9a-f]{8}\.pdf$/);
    expect(storedNameFor("..txt", ".txt")).toMatch(/^file-[0-9a-f]{8}\.txt$/);
    expect(storedNameFor("日本語.txt", ".txt")).toMatch(/^file-[0-9a-f]{8}\.txt$/);
    expect(storedNameFor(`${"a-".repeat(100)}.txt`, ".txt")).toMatch(/^(a-){29}a-[0-9a-f]{8}\.txt$/);
    expect(storedNameFor("faq.txt", ".txt")).not.toBe(storedNameFor("faq.txt", ".txt"));
  });
});

describe("content of training files", () => {
  it("reads UTF-16 with a byte order mark and stores it as UTF-8", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Grüße aus Köln", "utf16le")]);
    const content = await inspectTrainingFile("gruss.txt", utf16);
    expect(Buffer.from(content.bytes).toString("utf8")).toBe("Grüße aus Köln");
  });

  it("refuses bytes Windows-1252 leaves undefined and control characters as binary", async () => {
    await expect(inspectTrainingFile("a.txt", Buffer.from([0x48, 0x81, 0x49]))).rejects.toMatchObject({ code: "unsupported_file_type" });
    await expect(inspectTrainingFile("a.txt", Buffer.from("bell\u0007", "utf8"))).rejects.toMatchObject({ code: "unsupported_file_type" });
    const ok = await inspectTrainingFile("a.txt", Buffer.from("tab\there\r\nform feed\f", "utf8"));
    expect(ok.contentType).toBe("text/plain; charset=utf-8");
  });
});
