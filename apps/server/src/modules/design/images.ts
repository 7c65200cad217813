/**
 * What an uploaded design image is, told by its bytes alone, and the same image without its metadata.
 * Each format is walked chunk by chunk (PNG chunks, JPEG segments, GIF blocks, WebP RIFF chunks) and
 * written out again with only the parts that draw the picture: text, EXIF, XMP, comments, application
 * data and anything after the image's end marker are dropped, so no upload carries a visitor's location
 * or a second document (a GIF that is also an HTML page) to whoever downloads it. No pixel is decoded or
 * re-encoded; the browser that shows the image does that.
 */
import { DomainError, maxDesignImageSide, type DesignImageContentType } from "@parley/domain";

export interface InspectedImage {
  contentType: DesignImageContentType;
  extension: "png" | "jpg" | "gif" | "webp";
  width: number;
  height: number;
  /** The image as stored: the input without its metadata. */
  bytes: Buffer;
}

/** The upload is no image of the four formats (SVG included): 415. */
function unsupported(message: string): DomainError {
  return new DomainError("unsupported_file_type", message, 415, [{ path: "file", message }]);
}

/** The upload starts like an image of one of the formats but does not hold together: 400. */
class BrokenImage extends Error {}

function broken(reason: string): never {
  throw new BrokenImage(reason);
}

function uploadFailed(message: string): DomainError {
  return new DomainError("image_upload_failed", message, 400, [{ path: "file", message }]);
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The bytes start like an SVG or any other XML or HTML document. */
function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString("utf8").replace(/^\uFEFF/, "").trimStart().toLowerCase();
  return head.startsWith("<") || head.includes("<svg");
}

/**
 * The image's format, size and stripped bytes. Throws `unsupported_file_type` (415) for anything but PNG,
 * JPEG, GIF and WebP, and `image_upload_failed` (400) for such an image that is cut short or malformed, or
 * larger than `maxDesignImageSide` pixels a side.
 */
export function inspectDesignImage(bytes: Buffer): InspectedImage {
  let image: InspectedImage;
  try {
    if (bytes.subarray(0, 8).equals(pngSignature)) image = stripPng(bytes);
    else if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) image = stripJpeg(bytes);
    else if (/^GIF8[79]a$/.test(bytes.subarray(0, 6).toString("latin1"))) image = stripGif(bytes);
    else if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") image = stripWebp(bytes);
    else if (looksLikeMarkup(bytes)) throw unsupported("SVG and other markup is not accepted as an image: upload a PNG, JPEG, WebP or GIF");
    else throw unsupported("Not a PNG, JPEG, WebP or GIF image");
  } catch (error) {
    if (error instanceof BrokenImage) throw uploadFailed(`The image could not be read: ${error.message}`);
    throw error;
  }
  if (image.width < 1 || image.height < 1) throw uploadFailed("The image has no pixels");
  if (image.width > maxDesignImageSide || image.height > maxDesignImageSide) {
    throw uploadFailed(`The image is larger than ${maxDesignImageSide} pixels a side`);
  }
  return image;
}

// PNG: every chunk that draws the picture (APNG's animation chunks included); tEXt, iTXt, zTXt, eXIf,
// tIME and any private chunk are not among them.
const pngKeptChunks = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "bKGD", "pHYs", "hIST", "sPLT", "cICP", "acTL", "fcTL", "fdAT"]);

function stripPng(bytes: Buffer): InspectedImage {
  const kept: Buffer[] = [pngSignature];
  let offset = 8;
  let width = 0;
  let height = 0;
  let sawData = false;
  for (let index = 0; ; index++) {
    if (offset + 12 > bytes.length) broken("the PNG ends before its IEND chunk");
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString("latin1");
    if (!/^[A-Za-z]{4}$/.test(type)) broken("a PNG chunk has no valid type");
    const end = offset + 12 + length;
    if (end > bytes.length) broken(`the PNG chunk ${type} runs past the end of the file`);
    if (index === 0) {
      if (type !== "IHDR" || length !== 13) broken("the PNG does not start with its header");
      width = bytes.readUInt32BE(offset + 8);
      height = bytes.readUInt32BE(offset + 12);
    }
    if (type === "IDAT") sawData = true;
    if (pngKeptChunks.has(type)) kept.push(bytes.subarray(offset, end));
    offset = end;
    if (type === "IEND") break;
  }
  if (!sawData) broken("the PNG has no image data");
  return { contentType: "image/png", extension: "png", width, height, bytes: Buffer.concat(kept) };
}

// JPEG: APP1–APP15 (EXIF, XMP, ICC, IPTC, maker notes…) and COM segments are dropped. The one exception is
// Adobe's fixed 12-byte APP14, which holds no text and tells a decoder how to read the colours of CMYK files.
const sosMarker = 0xda;
const eoiMarker = 0xd9;
const comMarker = 0xfe;

function isStandaloneJpegMarker(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function isKeptJpegSegment(marker: number, segment: Buffer): boolean {
  if (marker === comMarker) return false;
  if (marker === 0xee) return segment.length === 16 && segment.subarray(4, 9).toString("latin1") === "Adobe";
  return !(marker >= 0xe1 && marker <= 0xef);
}

/**
 * What is kept of a JPEG is a list of ranges of the file itself, adjacent ones merged, copied once at the end:
 * a file of a million tiny segments (a 5 MB upload can hold that many) costs one pass, not a buffer per segment.
 */
class KeptRanges {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private total = 0;

  constructor(private readonly bytes: Buffer) {}

  keep(start: number, end: number): void {
    this.total += end - start;
    const last = this.ends.length - 1;
    if (last >= 0 && this.ends[last] === start) this.ends[last] = end;
    else {
      this.starts.push(start);
      this.ends.push(end);
    }
  }

  copy(): Buffer {
    const out = Buffer.allocUnsafe(this.total);
    let at = 0;
    for (let i = 0; i < this.starts.length; i++) at += this.bytes.copy(out, at, this.starts[i], this.ends[i]);
    return out;
  }
}

function stripJpeg(bytes: Buffer): InspectedImage {
  const kept = new KeptRanges(bytes);
  kept.keep(0, 2);
  let offset = 2;
  let width = 0;
  let height = 0;
  let sawScan = false;
  for (;;) {
    if (offset >= bytes.length) broken("the JPEG ends before its end marker");
    if (bytes[offset] !== 0xff) broken("a JPEG segment does not start with a marker");
    while (bytes[offset] === 0xff) offset++;
    if (offset >= bytes.length) broken("the JPEG ends inside a marker");
    const marker = bytes[offset]!;
    // Where the marker's two bytes (0xFF, marker) start: fill bytes (extra 0xFF) before it are not kept.
    const markerStart = offset - 1;
    offset++;
    if (marker === eoiMarker) {
      kept.keep(markerStart, offset);
      break;
    }
    if (marker === 0x00 || marker === 0xd8) broken("the JPEG has a marker out of place");
    if (isStandaloneJpegMarker(marker)) {
      kept.keep(markerStart, offset);
      continue;
    }
    if (offset + 2 > bytes.length) broken("the JPEG ends inside a segment");
    const length = bytes.readUInt16BE(offset);
    const end = offset + length;
    if (length < 2 || end > bytes.length) broken("a JPEG segment runs past the end of the file");
    if (isStartOfFrame(marker)) {
      if (length < 7) broken("the JPEG frame header is too short");
      height = bytes.readUInt16BE(offset + 3);
      width = bytes.readUInt16BE(offset + 5);
    }
    if (isKeptJpegSegment(marker, bytes.subarray(markerStart, end))) kept.keep(markerStart, end);
    offset = end;
    if (marker !== sosMarker) continue;
    if (width === 0) broken("the JPEG scan comes before its frame header");
    sawScan = true;
    // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
    let scan = offset;
    while (scan < bytes.length) {
      if (bytes[scan] !== 0xff) {
        scan++;
        continue;
      }
      const next = bytes[scan + 1];
      if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) scan += 2;
      else if (next === 0xff) scan++;
      else break;
    }
    kept.keep(offset, scan);
    offset = scan;
  }
  if (!sawScan) broken("the JPEG has no image data");
  return { contentType: "image/jpeg", extension: "jpg", width, height, bytes: kept.copy() };
}

// GIF: images and their graphic control extensions stay, and the NETSCAPE2.0 (or ANIMEXTS1.0) block
// whose one 3-byte sub-block is an animation's loop count; comments, plain text and every other
// application extension (XMP among them) are dropped.
function colorTableBytes(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

/** The offset just past a run of GIF data sub-blocks starting at `offset` (its 0 terminator included). */
function skipSubBlocks(bytes: Buffer, offset: number): number {
  let at = offset;
  for (;;) {
    if (at >= bytes.length) broken("the GIF ends inside a block");
    const size = bytes[at]!;
    at += 1 + size;
    if (size === 0) return at;
  }
}

function isLoopExtension(block: Buffer): boolean {
  // 21 FF 0B "NETSCAPE2.0" 03 01 lo hi 00
  const identifier = block.subarray(3, 14).toString("latin1");
  return block.length === 19 && block[2] === 0x0b && (identifier === "NETSCAPE2.0" || identifier === "ANIMEXTS1.0") && block[14] === 0x03 && block[15] === 0x01;
}

function stripGif(bytes: Buffer): InspectedImage {
  if (bytes.length < 13) broken("the GIF is too short");
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  let offset = 13 + colorTableBytes(bytes[10]!);
  if (offset > bytes.length) broken("the GIF's colour table runs past the end of the file");
  const kept: Buffer[] = [bytes.subarray(0, offset)];
  let images = 0;
  for (;;) {
    if (offset >= bytes.length) broken("the GIF ends before its trailer");
    const introducer = bytes[offset]!;
    if (introducer === 0x3b) {
      kept.push(Buffer.from([0x3b]));
      break;
    }
    if (introducer === 0x2c) {
      if (offset + 10 > bytes.length) broken("the GIF ends inside an image descriptor");
      const dataStart = offset + 10 + colorTableBytes(bytes[offset + 9]!) + 1;
      if (dataStart > bytes.length) broken("the GIF ends inside an image");
      const end = skipSubBlocks(bytes, dataStart);
      kept.push(bytes.subarray(offset, end));
      images++;
      offset = end;
    } else if (introducer === 0x21) {
      if (offset + 2 > bytes.length) broken("the GIF ends inside an extension");
      const label = bytes[offset + 1];
      const end = skipSubBlocks(bytes, offset + 2);
      const block = bytes.subarray(offset, end);
      if (label === 0xf9 || (label === 0xff && isLoopExtension(block))) kept.push(block);
      offset = end;
    } else {
      broken("the GIF has a block of no known kind");
    }
  }
  if (images === 0) broken("the GIF has no image");
  return { contentType: "image/gif", extension: "gif", width, height, bytes: Buffer.concat(kept) };
}

// WebP: the chunks that draw the picture stay; EXIF, XMP and unknown chunks go, and VP8X's flags stop
// announcing them.
const webpKeptChunks = new Set(["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF", "ICCP"]);
const vp8xExifFlag = 0x08;
const vp8xXmpFlag = 0x04;

function stripWebp(bytes: Buffer): InspectedImage {
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length || riffEnd < 12) broken("the WebP's RIFF size does not match the file");
  const kept: Buffer[] = [];
  let offset = 12;
  let width = 0;
  let height = 0;
  let canvas: { width: number; height: number } | undefined;
  let sawImage = false;
  while (offset < riffEnd) {
    if (offset + 8 > riffEnd) broken("the WebP ends inside a chunk header");
    const type = bytes.subarray(offset, offset + 4).toString("latin1");
    const size = bytes.readUInt32LE(offset + 4);
    const dataStart = offset + 8;
    const dataEnd = dataStart + size;
    if (dataEnd > riffEnd) broken(`the WebP chunk ${type.trim()} runs past the end of the file`);
    const end = Math.min(dataEnd + (size % 2), riffEnd);
    const data = bytes.subarray(dataStart, dataEnd);
    if (type === "VP8X") {
      if (size < 10) broken("the WebP extended header is too short");
      canvas = { width: 1 + data.readUIntLE(4, 3), height: 1 + data.readUIntLE(7, 3) };
    } else if (type === "VP8 ") {
      if (size < 10 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) broken("the WebP's VP8 frame has no start code");
      width = data.readUInt16LE(6) & 0x3fff;
      height = data.readUInt16LE(8) & 0x3fff;
      sawImage = true;
    } else if (type === "VP8L") {
      if (size < 5 || data[0] !== 0x2f) broken("the WebP's lossless frame has no signature");
      const bits = data.readUInt32LE(1);
      width = (bits & 0x3fff) + 1;
      height = ((bits >>> 14) & 0x3fff) + 1;
      sawImage = true;
    } else if (type === "ANMF") {
      sawImage = true;
    }
    if (webpKeptChunks.has(type)) {
      const chunk = Buffer.from(bytes.subarray(offset, end));
      if (type === "VP8X") chunk[8] = chunk[8]! & ~(vp8xExifFlag | vp8xXmpFlag);
      kept.push(chunk, Buffer.alloc(8 + size + (size % 2) - chunk.length));
    }
    offset = end;
  }
  if (!sawImage) broken("the WebP has no image data");
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(4 + body.length, 4);
  header.write("WEBP", 8, "latin1");
  const size = canvas ?? { width, height };
  return { contentType: "image/webp", extension: "webp", width: size.width, height: size.height, bytes: Buffer.concat([header, body]) };
}
