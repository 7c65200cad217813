import { TextDecoder } from "node:util";

/**
 * Bytes to text as a browser decodes them (WHATWG Encoding and HTML's prescan, simplified): a byte
 * order mark wins, then the charset of Content-Type, then for HTML a `<meta>` charset in the first
 * 1024 bytes, then UTF-8. TextDecoder knows the WHATWG labels, so `iso-8859-1` and `latin1` decode
 * as Windows-1252, as browsers do, and an unknown label falls back to UTF-8.
 */
export function decodeText(bytes: Uint8Array, contentType: string): string {
  const label =
    byteOrderMark(bytes) ??
    charsetParameter(contentType) ??
    (isHtml(contentType) ? metaCharset(bytes) : undefined);
  const decoder = decoderFor(label ?? "utf-8");
  // In streaming mode, then flushed: since 20.18.3, Node decodes a whole buffer of windows-1252
  // through a Latin-1 shortcut that leaves 0x80-0x9F (€, ’, –) as control characters
  // (nodejs/node#60888); the streaming path uses the real table.
  return decoder.decode(bytes, { stream: true }) + decoder.decode();
}

function byteOrderMark(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return undefined;
}

function charsetParameter(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
}

function isHtml(contentType: string): boolean {
  return /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(contentType);
}

function metaCharset(bytes: Uint8Array): string | undefined {
  // Both `<meta charset="x">` and `<meta http-equiv="Content-Type" content="text/html; charset=x">`.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  const label = /<meta\s[^>]*?charset\s*=\s*["']?\s*([^"'\s;/>]+)/i.exec(head)?.[1];
  // A page that says UTF-16 in ASCII cannot be UTF-16; HTML reads it as UTF-8.
  return label && /^utf-16/i.test(label) ? "utf-8" : label;
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder("utf-8");
  }
}
