import { describe, expect, it } from "vitest";
import { attachmentMessage, attachmentOf, savedAttachmentName } from "./attachmentMessage";

const configurationId = "0b6f1c7e-3a52-4a8e-9d41-7f2c5e8a1b90";
const id = "5D2A9C4E-1F3B-4E6A-8C7D-9B0E1A2F3C4D";
const url = `/api/widget/${configurationId}/attachments/${id}`;

describe("the attachment message", () => {
  it("names the file on one line and reads back its name, address and id (lower case)", () => {
    const text = attachmentMessage({ name: "scan\tof  the\ninvoice.pdf", url });
    expect(text).toBe(`📎 scan of the invoice.pdf\n${url}`);
    expect(attachmentOf(text, configurationId)).toEqual({
      name: "scan of the invoice.pdf",
      url,
      id: id.toLowerCase(),
    });
  });

  it("reads nothing from another configuration's address, a foreign host, a bad id or extra lines", () => {
    expect(attachmentOf(`📎 a\n${url}`, "another")).toBeNull();
    expect(attachmentOf(`📎 a\nhttps://evil.example${url}`, configurationId)).toBeNull();
    expect(
      attachmentOf(`📎 a\n/api/widget/${configurationId}/attachments/../../x`, configurationId),
    ).toBeNull();
    expect(attachmentOf(`📎 a\n${url}\nmore`, configurationId)).toBeNull();
    expect(attachmentOf(`📎 \n${url}`, configurationId)).toBeNull();
    expect(attachmentOf("Hello", configurationId)).toBeNull();
  });
});

describe("savedAttachmentName", () => {
  it("keeps a plain name with the extension of the file's real type", () => {
    expect(savedAttachmentName("Invoice March.pdf", "application/pdf")).toBe("Invoice March.pdf");
    expect(savedAttachmentName("photo.JPG", "image/jpeg")).toBe("photo.jpg");
    expect(savedAttachmentName("scan", "image/png; charset=binary")).toBe("scan.png");
  });

  it("drops direction-changing and control characters, so the shown and the saved extension are the real one", () => {
    expect(savedAttachmentName("invoice\u202Efdp.exe", "application/pdf")).toBe("invoicefdp.pdf");
    expect(savedAttachmentName("a\u0000b\u200Bc\nd.pdf", "application/pdf")).toBe("abcd.pdf");
  });

  it("replaces path separators, drops leading dots, forces the type's extension and caps the length", () => {
    const traversal = savedAttachmentName("../../etc/passwd", "application/pdf");
    expect(traversal).not.toMatch(/[\\/]|^\./);
    expect(traversal.endsWith("etc_passwd.pdf")).toBe(true);
    expect(savedAttachmentName("run.bat", "application/pdf")).toBe("run.pdf");
    expect(savedAttachmentName("...", "image/gif")).toBe("file.gif");
    const long = savedAttachmentName(`${"x".repeat(300)}.pdf`, "application/pdf");
    expect(long).toHaveLength(100);
    expect(long.endsWith(".pdf")).toBe(true);
    expect(savedAttachmentName("page.html", "text/html")).toBe("page.bin");
  });
});
