import { describe, expect, it } from "vitest";
import { DomainError, errorMessages } from "./errors";
import {
  allowedUploadExtensions,
  articleChunks,
  articleKinds,
  articleSplitParameters,
  cleanArticleText,
  indexingOutcome,
  textSearchConfigurationFor,
  assertArticleBatchSize,
  assertUrlBatchSize,
  chunkWords,
  countWords,
  cutAtBoundaries,
  dropEmptyComponents,
  isAllowedUploadName,
  maxArticlesPerIndexing,
  maxUrlsPerScrape,
  mergeFoundUrls,
  normalizeTrainingUrls,
  scrapeHtmlTags,
  sitemapUrlsFrom,
  splitArticle,
  splitParametersFor,
  trainingUrlFrom,
  uniqueTrimmedTexts,
  urlsFromPastedText,
  wordpressPageSize,
} from "./training";

const textOf = (wordCount: number) =>
  Array.from({ length: wordCount }, (_, index) => `w${index + 1}`).join(" ");

describe("article split parameters", () => {
  it.each([
    [0, 500, 0],
    [1, 500, 0],
    [500, 500, 0],
    [501, 500, 50],
    [2000, 500, 50],
    [2001, 800, 50],
    [100_000, 800, 50],
  ])("%i words → length %i, overlap %i", (wordCount, splitLength, splitOverlap) => {
    expect(splitParametersFor(wordCount)).toEqual({ splitLength, splitOverlap });
  });

  it("keeps an article of exactly 500 words in one chunk", () => {
    const article = splitArticle(textOf(500));
    expect(article.wordCount).toBe(500);
    expect(article.chunks).toHaveLength(1);
    expect(countWords(article.chunks[0]!)).toBe(500);
  });

  it("splits 501 words into 500 and the overlapping rest", () => {
    const { chunks } = splitArticle(textOf(501));
    expect(chunks.map(countWords)).toEqual([500, 51]);
    expect(chunks[1]!.startsWith("w451 ")).toBe(true);
  });

  it("splits exactly 2000 words by 500 with 50 overlap", () => {
    const { chunks, splitLength, splitOverlap } = splitArticle(textOf(2000));
    expect([splitLength, splitOverlap]).toEqual([500, 50]);
    // starts at 0, 450, 900, 1350, 1800 → the last one holds 200 words
    expect(chunks.map(countWords)).toEqual([500, 500, 500, 500, 200]);
  });

  it("splits 2001 words by 800 with 50 overlap", () => {
    const { chunks } = splitArticle(textOf(2001));
    expect(chunks.map(countWords)).toEqual([800, 800, 501]);
    expect(chunks[1]!.split(" ")[0]).toBe("w751");
  });
});

describe("cutAtBoundaries", () => {
  const sentence = (index: number) => `Sentence number ${index} tells the reader something.`;
  const text = Array.from({ length: 40 }, (_, index) => sentence(index)).join(" ");

  it("cuts a long text at sentence ends, each piece within the limit, nothing lost", () => {
    const pieces = cutAtBoundaries(text, 200, "characters");
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(200);
      expect(piece).toMatch(/^Sentence number \d+ .*something\.$/u);
    }
    expect(pieces.join(" ")).toBe(text);
    const byWords = cutAtBoundaries(text, 20, "words");
    for (const piece of byWords) {
      expect(countWords(piece)).toBeLessThanOrEqual(20);
      expect(piece).toMatch(/something\.$/u);
    }
    expect(byWords.join(" ")).toBe(text);
  });

  it("prefers a paragraph break, cuts between words when no sentence ends in reach, and a word only when it alone passes the limit", () => {
    expect(cutAtBoundaries("First part. More of it.\n\nSecond part here.", 40, "characters")).toEqual(["First part. More of it.", "Second part here."]);
    const run = "one two three four five six seven eight nine ten";
    const pieces = cutAtBoundaries(run, 12, "characters");
    expect(pieces).toEqual(["one two", "three four", "five six", "seven eight", "nine ten"]);
    expect(cutAtBoundaries("abcdefghij klm", 4, "characters")).toEqual(["abcd", "efgh", "ij", "klm"]);
    expect(cutAtBoundaries("Short.", 100, "characters")).toEqual(["Short."]);
    expect(cutAtBoundaries("  ", 100, "characters")).toEqual([]);
  });
});

describe("chunkWords", () => {
  it("repeats the overlap and lets the final chunk be shorter", () => {
    expect(chunkWords("a b c d e f g", 3, 1)).toEqual(["a b c", "c d e", "e f g"]);
    expect(chunkWords("a b c d e f", 3, 1)).toEqual(["a b c", "c d e", "e f"]);
    expect(chunkWords("a b c d", 2, 0)).toEqual(["a b", "c d"]);
  });

  it("makes no empty chunk and no chunk that only repeats the overlap", () => {
    expect(chunkWords("", 500, 0)).toEqual([]);
    expect(chunkWords("  \n\t ", 500, 0)).toEqual([]);
    expect(chunkWords("a b c", 3, 2)).toEqual(["a b c"]);
    expect(chunkWords("a b c d", 3, 2)).toEqual(["a b c", "b c d"]);
  });

  it("normalises whitespace between words", () => {
    expect(chunkWords("  one\n two\t\tthree  ", 5, 0)).toEqual(["one two three"]);
  });

  it("refuses an overlap that is not below the length", () => {
    expect(() => chunkWords("a b", 2, 2)).toThrow(RangeError);
    expect(() => chunkWords("a b", 0, 0)).toThrow(RangeError);
    expect(() => chunkWords("a b", 2, -1)).toThrow(RangeError);
    expect(() => chunkWords("a b", 2.5, 0)).toThrow(RangeError);
  });
});

describe("scraped text cleaning", () => {
  it("removes duplicates after trimming and drops empty texts", () => {
    expect(uniqueTrimmedTexts([" Hello ", "Hello", "", "   ", "World", "hello"])).toEqual([
      "Hello",
      "World",
      "hello",
    ]);
  });

  it("adds only found URLs that are not present after trimming", () => {
    const existing = [{ url: " https://a.test/x ", subject: "A" }];
    const merged = mergeFoundUrls(existing, [
      { url: "https://a.test/x", subject: "again" },
      { url: " https://a.test/y ", subject: "Y" },
      { url: "https://a.test/y", subject: "Y twice" },
      { url: "  ", subject: "empty" },
    ]);
    expect(merged).toEqual([
      { url: " https://a.test/x ", subject: "A" },
      { url: "https://a.test/y", subject: "Y" },
    ]);
    expect(existing).toHaveLength(1);
  });

  it("accepts only absolute http and https URLs with a host, trimmed", () => {
    expect(trainingUrlFrom("  https://shop.test/faq  ")).toBe("https://shop.test/faq");
    expect(trainingUrlFrom("HTTP://shop.test")).toBe("HTTP://shop.test");
    expect(trainingUrlFrom("shop.test/faq")).toBeUndefined();
    expect(trainingUrlFrom("ftp://shop.test/file")).toBeUndefined();
    expect(trainingUrlFrom("javascript:alert(1)")).toBeUndefined();
    expect(trainingUrlFrom("https://")).toBeUndefined();
    expect(trainingUrlFrom("https://exa mple.test")).toBeUndefined();
  });

  it("stores a URL list trimmed, each URL once, and names the entries that are no URL", () => {
    expect(
      normalizeTrainingUrls([
        { url: " https://a.test/x ", subject: " X " },
        { url: "https://a.test/x", subject: "again" },
        { url: "mailto:me@a.test", subject: "" },
        { url: "https://a.test/y", subject: "" },
      ]),
    ).toEqual({
      urls: [
        { url: "https://a.test/x", subject: "X" },
        { url: "https://a.test/y", subject: "" },
      ],
      invalid: ["mailto:me@a.test"],
    });
  });

  it("reads pasted URLs separated by lines, spaces, commas or semicolons", () => {
    expect(urlsFromPastedText("https://a.test/1\r\n https://a.test/2, https://a.test/3;https://a.test/1\n\n")).toEqual([
      "https://a.test/1",
      "https://a.test/2",
      "https://a.test/3",
    ]);
  });

  it("drops components whose text is empty", () => {
    expect(dropEmptyComponents([{ text: "a" }, { text: "  " }, { text: "" }, {}, { text: null }])).toEqual([
      { text: "a" },
    ]);
  });

  it("reads a sitemap answer only when it carries a data array", () => {
    expect(sitemapUrlsFrom({ data: [" https://a.test/ ", "https://a.test/", 3, "https://b.test/"] })).toEqual(
      ["https://a.test/", "https://b.test/"],
    );
    expect(() => sitemapUrlsFrom({ urls: [] })).toThrow(errorMessages.unexpected_response_format);
    expect(() => sitemapUrlsFrom(null)).toThrow(errorMessages.no_scrape_data);
  });
});

describe("training limits", () => {
  it("accepts .txt and .pdf uploads only", () => {
    expect(allowedUploadExtensions).toEqual([".txt", ".pdf"]);
    expect(isAllowedUploadName("faq.txt")).toBe(true);
    expect(isAllowedUploadName("Manual.PDF")).toBe(true);
    expect(isAllowedUploadName("report.pdf.exe")).toBe(false);
    expect(isAllowedUploadName("notes.docx")).toBe(false);
    expect(isAllowedUploadName(".txt")).toBe(false);
    expect(isAllowedUploadName("txt")).toBe(false);
  });

  it("allows 10 articles and 100 URLs at once, not one more", () => {
    expect([maxArticlesPerIndexing, maxUrlsPerScrape, wordpressPageSize]).toEqual([10, 100, 10]);
    expect(() => assertArticleBatchSize(10)).not.toThrow();
    expect(() => assertArticleBatchSize(11)).toThrow(DomainError);
    expect(() => assertUrlBatchSize(100)).not.toThrow();
    let caught: unknown;
    try {
      assertUrlBatchSize(101);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).code).toBe("too_many_urls");
  });

  it("names the same limits in the catalogue texts", () => {
    expect(errorMessages.too_many_articles).toContain(` ${maxArticlesPerIndexing} `);
    expect(errorMessages.too_many_urls).toContain(` ${maxUrlsPerScrape} `);
  });

  it("offers the spec's HTML tags for scraping", () => {
    expect(scrapeHtmlTags).toEqual([
      "h1",
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "p",
      "a",
      "img",
      "ul",
      "ol",
      "li",
      "div",
      "span",
      "table",
      "tr",
      "td",
      "th",
      "button",
      "input",
      "textarea",
      "form",
      "src",
    ]);
  });
});

describe("article chunks and text", () => {
  it("cuts by the word-count rule and removes duplicate chunks after trimming", () => {
    expect(articleChunks("  one two three  ")).toEqual(["one two three"]);
    expect(articleChunks("a b c d  a b c d x", { splitLength: 4, splitOverlap: 0 })).toEqual(["a b c d", "x"]);
  });

  it("uses split parameters an article was saved with, and refuses ones that cannot cut", () => {
    expect(articleChunks(textOf(10), { splitLength: 4, splitOverlap: 1 })).toEqual(["w1 w2 w3 w4", "w4 w5 w6 w7", "w7 w8 w9 w10"]);
    expect(articleSplitParameters(10)).toEqual({ splitLength: 500, splitOverlap: 0 });
    expect(articleSplitParameters(2500)).toEqual({ splitLength: 800, splitOverlap: 50 });
    expect(articleSplitParameters(10, { splitLength: 4 })).toEqual({ splitLength: 4, splitOverlap: 0 });
    expect(articleSplitParameters(10, { splitLength: 4, splitOverlap: 4 })).toBeUndefined();
    expect(articleSplitParameters(10, { splitLength: 5, splitOverlap: 2 })).toEqual({ splitLength: 5, splitOverlap: 2 });
    expect(articleSplitParameters(10, { splitLength: 5, splitOverlap: 3 })).toBeUndefined();
    expect(articleSplitParameters(10, { splitLength: 10_000, splitOverlap: 9_999 })).toBeUndefined();
    expect(articleSplitParameters(10, { splitLength: 0 })).toBeUndefined();
  });

  it("cuts an article stored with an overlap above half its length as if half, so its chunks hold at most twice its words", () => {
    expect(articleChunks(textOf(10), { splitLength: 4, splitOverlap: 3 })).toEqual(articleChunks(textOf(10), { splitLength: 4, splitOverlap: 2 }));
    const chunks = articleChunks(textOf(30_000), { splitLength: 10_000, splitOverlap: 9_999 });
    expect(chunks).toHaveLength(5);
    expect(chunks.reduce((words, chunk) => words + countWords(chunk), 0)).toBeLessThanOrEqual(2 * 30_000);
  });

  it("cleans control characters and unpaired surrogates, composes accents, and refuses text without words", () => {
    expect(cleanArticleText(" Caf\u0065\u0301\u0000 bar\tbaz\n\uD800 \u{1F600} ")).toBe("Café bar\tbaz\n \u{1F600}");
    for (const empty of ["", "   ", "\u0000\u0000", "... --- !!!", "\uDC00"]) {
      expect(() => cleanArticleText(empty)).toThrow(expect.objectContaining({ code: "no_valid_text" }));
    }
  });

  it("names the spec's message when some or all articles failed", () => {
    expect(indexingOutcome(3, 0)).toEqual({});
    expect(indexingOutcome(2, 1)).toEqual({ code: "articles_not_indexed" });
    expect(indexingOutcome(0, 2)).toEqual({ code: "articles_failed" });
    expect(errorMessages.articles_not_indexed).toBe("One or more articles could not be indexed");
    expect(errorMessages.articles_failed).toBe("Articles failed");
    expect(errorMessages.no_valid_text).toBe("No valid text found");
  });

  it("searches in the configuration's language, English otherwise", () => {
    expect(textSearchConfigurationFor("nl")).toBe("dutch");
    expect(textSearchConfigurationFor("de-DE")).toBe("german");
    expect(textSearchConfigurationFor("FR")).toBe("french");
    expect(textSearchConfigurationFor("es")).toBe("spanish");
    expect(textSearchConfigurationFor("")).toBe("english");
    expect(textSearchConfigurationFor("pl")).toBe("english");
    expect(articleKinds).toEqual(["typed", "scraped", "file", "wordpress", "product"]);
  });
});
