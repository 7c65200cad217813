import { describe, expect, it } from "vitest";
import { inspectDesignImage } from "./images";
import { gifImage, jpegImage, pngImage, secretText, svgWithScript, webpImage } from "./test-images";

const html = "<html><body><script>alert(document.cookie)</script></body></html>";

describe("inspectDesignImage", () => {
  it.each([
    ["PNG", pngImage({ trailer: html }), "image/png", "png"],
    ["JPEG", jpegImage({ trailer: html }), "image/jpeg", "jpg"],
    ["GIF", gifImage({ trailer: html }), "image/gif", "gif"],
    ["WebP", webpImage(), "image/webp", "webp"],
  ] as const)("knows a %s by its bytes and drops its metadata and whatever follows its end", (_name, bytes, contentType, extension) => {
    expect(bytes.includes(secretText)).toBe(true);
    const image = inspectDesignImage(bytes);
    expect(image).toMatchObject({ contentType, extension });
    expect(image.width).toBeGreaterThan(0);
    expect(image.bytes.includes(secretText)).toBe(false);
    expect(image.bytes.includes("<script>")).toBe(false);
    expect(image.bytes.length).toBeLessThan(bytes.length);
    // Stripping what is already stripped changes nothing.
    expect(inspectDesignImage(image.bytes).bytes.equals(image.bytes)).toBe(true);
  });

  it("keeps what draws the picture", () => {
    const png = inspectDesignImage(pngImage()).bytes.toString("latin1");
    for (const chunk of ["IHDR", "pHYs", "IDAT", "IEND"]) expect(png).toContain(chunk);
    for (const chunk of ["tEXt", "iTXt", "zTXt", "eXIf", "tIME"]) expect(png).not.toContain(chunk);

    const jpeg = inspectDesignImage(jpegImage()).bytes;
    expect(jpeg.includes("JFIF")).toBe(true);
    // The scan's stuffed byte and restart marker survive, and the file still ends with EOI.
    expect(jpeg.includes(Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0x78, 0xff, 0xd9]))).toBe(true);
    expect(jpeg.includes("Exif") || jpeg.includes("ICC_PROFILE") || jpeg.includes("Photoshop")).toBe(false);

    const gif = inspectDesignImage(gifImage()).bytes;
    expect(gif.includes("NETSCAPE2.0")).toBe(true);
    expect(gif.includes("XMP DataXMP")).toBe(false);
    expect(gif.at(-1)).toBe(0x3b);

    const webp = inspectDesignImage(webpImage()).bytes;
    expect(webp.includes("VP8L")).toBe(true);
    expect(webp.includes("EXIF") || webp.includes("XMP ")).toBe(false);
    expect(webp.readUInt32LE(4)).toBe(webp.length - 8);
    // VP8X no longer announces EXIF or XMP.
    expect(webp[20]! & 0x0c).toBe(0);
  });

  it("strips a JPEG of many small segments, fill bytes among them, keeping exactly the image's own", () => {
    const jpeg = jpegImage();
    const comment = Buffer.from([0xff, 0xff, 0xfe, 0x00, 0x04, 0x01, 0x02]); // a fill byte, then a COM segment
    const jfifLike = Buffer.from([0xff, 0xe0, 0x00, 0x04, 0x07, 0x08]); // APP0, which is kept
    const segments = 50_000;
    const noisy = Buffer.concat([jpeg.subarray(0, 2), ...Array.from({ length: segments }, () => [comment, jfifLike]).flat(), jpeg.subarray(2)]);
    const stripped = inspectDesignImage(noisy).bytes;
    const plain = inspectDesignImage(jpeg).bytes;
    expect(stripped.length).toBe(plain.length + segments * jfifLike.length);
    expect(stripped.subarray(2, 2 + jfifLike.length * 2).equals(Buffer.concat([jfifLike, jfifLike]))).toBe(true);
    expect(stripped.subarray(2 + segments * jfifLike.length).equals(plain.subarray(2))).toBe(true);
  });

  it("reads the size of each format", () => {
    expect(inspectDesignImage(pngImage({ width: 3, height: 5 }))).toMatchObject({ width: 3, height: 5 });
    expect(inspectDesignImage(jpegImage({ width: 640, height: 480 }))).toMatchObject({ width: 640, height: 480 });
    expect(inspectDesignImage(gifImage({ width: 7, height: 9 }))).toMatchObject({ width: 7, height: 9 });
    expect(inspectDesignImage(webpImage({ width: 300, height: 200 }))).toMatchObject({ width: 300, height: 200 });
  });

  it("refuses images larger than the side limit, whatever their file size", () => {
    for (const bytes of [pngImage({ width: 9000, height: 10 }), jpegImage({ height: 20000 }), gifImage({ width: 65535 }), webpImage({ width: 16000 })]) {
      expect(() => inspectDesignImage(bytes)).toThrow(expect.objectContaining({ code: "image_upload_failed", status: 400 }));
    }
  });

  it("refuses SVG, HTML and anything else as unsupported (415)", () => {
    for (const bytes of [svgWithScript, Buffer.from(`\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"/>`), Buffer.from(html), Buffer.from("%PDF-1.4"), Buffer.from([0, 1, 2, 3])]) {
      expect(() => inspectDesignImage(bytes)).toThrow(expect.objectContaining({ code: "unsupported_file_type", status: 415 }));
    }
  });

  it("refuses an image that does not hold together (400), polyglots included", () => {
    const png = pngImage();
    const cases = [
      png.subarray(0, 40),
      jpegImage().subarray(0, 60),
      gifImage().subarray(0, 30),
      webpImage().subarray(0, 30),
      Buffer.from(`GIF89a/*${"\x00".repeat(7)}*/=1;${html}`, "latin1"),
      Buffer.concat([png.subarray(0, 8), Buffer.from(html)]),
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
    ];
    for (const bytes of cases) {
      expect(() => inspectDesignImage(bytes)).toThrow(expect.objectContaining({ code: "image_upload_failed", status: 400 }));
    }
  });
});
