import { describe, expect, it } from "vitest";
import { translationTables } from "../i18n/translations";
import { attachmentHref, attachmentMessage, attachmentOf, checkAttachment, maxAttachmentBytes } from "./attachments";

const configurationId = "0b6f1c7e-3a52-4a8e-9d41-7f2c5e8a1b90";
const url = `/api/widget/${configurationId}/attachments/5d2a9c4e-1f3b-4e6a-8c7d-9b0e1a2f3c4d`;

describe("a visitor's attachment", () => {
  it("is checked before uploading: the allowed types, by type or (without one) by extension, and at most 5 MB", () => {
    expect(checkAttachment({ name: "photo.png", size: 1000, type: "image/png" })).toBeNull();
    expect(checkAttachment({ name: "scan.pdf", size: maxAttachmentBytes, type: "application/pdf" })).toBeNull();
    expect(checkAttachment({ name: "photo.jpeg", size: 1000, type: "" })).toBeNull();
    expect(checkAttachment({ name: "logo.svg", size: 1000, type: "image/svg+xml" })).toBe("attachmentWrongType");
    expect(checkAttachment({ name: "page.html", size: 1000, type: "text/html" })).toBe("attachmentWrongType");
    expect(checkAttachment({ name: "notes", size: 1000, type: "" })).toBe("attachmentWrongType");
    expect(checkAttachment({ name: "empty.png", size: 0, type: "image/png" })).toBe("attachmentWrongType");
    expect(checkAttachment({ name: "big.pdf", size: maxAttachmentBytes + 1, type: "application/pdf" })).toBe("attachmentTooLarge");
  });

  it("has its messages in every language", () => {
    for (const table of Object.values(translationTables)) {
      for (const key of ["attach", "attachmentWrongType", "attachmentTooLarge", "attachmentFailed", "attachmentNeedsConversation", "uploading"] as const) {
        expect(table[key]).toBeTruthy();
      }
    }
  });

  it("is sent as a message naming the file and its address, read back only for this configuration's addresses", () => {
    const text = attachmentMessage({ name: "my\nscan.pdf", url });
    expect(text).toBe(`📎 my scan.pdf\n${url}`);
    expect(attachmentOf(text, configurationId)).toEqual({ name: "my scan.pdf", url, id: url.split("/").pop() });
    expect(attachmentOf(text, "another-configuration")).toBeNull();
    expect(attachmentOf("📎 evil\nhttps://evil.example/api/widget/x/attachments/1", configurationId)).toBeNull();
    expect(attachmentOf(`📎 a\n${url}\nmore`, configurationId)).toBeNull();
    expect(attachmentOf("Hello", configurationId)).toBeNull();
    expect(attachmentHref(url, "session 1", "https://shop.example/?a=1")).toBe(
      `${url}?session_id=session%201&page_url=https%3A%2F%2Fshop.example%2F%3Fa%3D1`,
    );
  });
});
