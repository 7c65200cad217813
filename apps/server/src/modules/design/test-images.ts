/**
 * Small images made byte by byte for the design tests, each carrying the metadata an upload must lose
 * (text chunks, EXIF with a location, XMP, comments) and, where asked, a document after its end.
 */
import { deflateSync } from "node:zlib";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const secretText = "GPS 52.3676 N 4.9041 E secret-metadata";

/** A `width` by `height` red PNG with tEXt, iTXt, zTXt, eXIf and tIME chunks, and `trailer` after IEND. */
export function pngImage(options: { width?: number; height?: number; trailer?: string } = {}): Buffer {
  const width = options.width ?? 2;
  const height = options.height ?? 2;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rowCount = Math.min(height, 4);
  const rows = Buffer.concat(Array.from({ length: rowCount }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(Math.min(width, 4) * 3, 0xff)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("tEXt", Buffer.from(`Comment\0${secretText}`, "latin1")),
    pngChunk("iTXt", Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>${secretText}</x:xmpmeta>`, "latin1")),
    pngChunk("zTXt", Buffer.concat([Buffer.from("Author\0\0", "latin1"), deflateSync(secretText)])),
    pngChunk("eXIf", Buffer.from(`MM\0*${secretText}`, "latin1")),
    pngChunk("tIME", Buffer.from([0x07, 0xe9, 1, 2, 3, 4, 5])),
    pngChunk("pHYs", Buffer.from([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])),
    pngChunk("IDAT", deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
    Buffer.from(options.trailer ?? "", "utf8"),
  ]);
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(data.length + 2);
  return Buffer.concat([Buffer.from([0xff, marker]), length, data]);
}

/**
 * A baseline JPEG's structure (JFIF, tables, a 1-component frame, one scan with stuffed bytes and a
 * restart marker) with APP1 EXIF and XMP, APP2 ICC, APP13 IPTC and COM segments, and `trailer` after EOI.
 */
export function jpegImage(options: { width?: number; height?: number; trailer?: string } = {}): Buffer {
  const frame = Buffer.alloc(9);
  frame[0] = 8;
  frame.writeUInt16BE(options.height ?? 2, 1);
  frame.writeUInt16BE(options.width ?? 2, 3);
  frame.set([1, 1, 0x11, 0], 5);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1")),
    jpegSegment(0xe1, Buffer.from(`Exif\0\0MM\0*${secretText}`, "latin1")),
    jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>${secretText}</x:xmpmeta>`, "latin1")),
    jpegSegment(0xe2, Buffer.from(`ICC_PROFILE\0\x01\x01${secretText}`, "latin1")),
    jpegSegment(0xed, Buffer.from(`Photoshop 3.0\0${secretText}`, "latin1")),
    jpegSegment(0xfe, Buffer.from(secretText, "latin1")),
    jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    jpegSegment(0xc0, frame),
    jpegSegment(0xc4, Buffer.concat([Buffer.from([0x00]), Buffer.from([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), Buffer.from([0])])),
    jpegSegment(0xda, Buffer.from([1, 1, 0x00, 0, 0x3f, 0])),
    Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0x78]),
    Buffer.from([0xff, 0xd9]),
    Buffer.from(options.trailer ?? "", "utf8"),
  ]);
}

function gifSubBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const piece = data.subarray(at, at + 255);
    parts.push(Buffer.from([piece.length]), piece);
  }
  return Buffer.concat([...parts, Buffer.from([0])]);
}

/**
 * An animated-looking GIF: a loop count (NETSCAPE2.0), a graphic control extension, one 1×1 image, and a
 * comment, a plain-text block and an XMP application block; `head` replaces the bytes after the header
 * when a polyglot needs it, `trailer` follows the trailer.
 */
export function gifImage(options: { width?: number; height?: number; trailer?: string } = {}): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(options.width ?? 1, 0);
  screen.writeUInt16LE(options.height ?? 1, 2);
  screen.set([0x80, 0, 0], 4);
  return Buffer.concat([
    Buffer.from("GIF89a", "latin1"),
    screen,
    Buffer.from([0xff, 0xff, 0xff, 0, 0, 0]),
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from("NETSCAPE2.0", "latin1"),
    Buffer.from([0x03, 0x01, 0x00, 0x00, 0x00]),
    Buffer.from([0x21, 0xfe]),
    gifSubBlocks(Buffer.from(secretText, "latin1")),
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from("XMP DataXMP", "latin1"),
    gifSubBlocks(Buffer.from(`<x:xmpmeta>${secretText}</x:xmpmeta>`, "latin1")),
    Buffer.from([0x21, 0x01, 0x0c]),
    Buffer.alloc(12),
    gifSubBlocks(Buffer.from(secretText, "latin1")),
    Buffer.from([0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]),
    Buffer.from([0x3b]),
    Buffer.from(options.trailer ?? "", "utf8"),
  ]);
}

function riffChunk(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(type, 0, "latin1");
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, data.length % 2 ? Buffer.from([0]) : Buffer.alloc(0)]);
}

/** An extended WebP (VP8X announcing EXIF and XMP) with a lossless 1×1 frame, EXIF and XMP chunks. */
export function webpImage(options: { width?: number; height?: number } = {}): Buffer {
  const width = options.width ?? 1;
  const height = options.height ?? 1;
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08 | 0x04;
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const lossless = Buffer.alloc(5 + 4);
  lossless[0] = 0x2f;
  lossless.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  const body = Buffer.concat([
    Buffer.from("WEBP", "latin1"),
    riffChunk("VP8X", vp8x),
    riffChunk("VP8L", lossless),
    riffChunk("EXIF", Buffer.from(`MM\0*${secretText}`, "latin1")),
    riffChunk("XMP ", Buffer.from(`<x:xmpmeta>${secretText}</x:xmpmeta>`, "latin1")),
  ]);
  const header = Buffer.alloc(8);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

export const svgWithScript = Buffer.from(
  `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>`,
  "utf8",
);
