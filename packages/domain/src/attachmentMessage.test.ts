import { describe, expect, it } from "vitest";
import { attachmentMessage, attachmentOf } from "./attachmentMessage";

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
