import { describe, expect, it } from "vitest";
import { configurationBody, configurationNameOf, designBody, draftWithoutWebsite, emptyDraft, faqDatasetBody, incompleteFaqRows, normaliseWebsiteUrl, pageKey, progressOf, resumeFrom, scanStages, urlsBody } from "./wizard";

const headers = [
  { text: "Question", value: "question" },
  { text: "Answer", value: "answer" },
];

describe("the onboarding wizard's rules", () => {
  it("lets the new assistant answer from the FAQ only when the wizard gathered a whole question and answer", () => {
    const draft = emptyDraft("https://www.bakery.test", "a");
    expect(configurationBody(draft, "c", "en").include_manual_dataset).toBe(false);
    const halfRow = { ...draft, faq: [{ id: "1", question: "Open on Sunday?", answer: " " }] };
    expect(configurationBody(halfRow, "c", "en").include_manual_dataset).toBe(false);
    const wholeRow = { ...draft, faq: [{ id: "1", question: "Open on Sunday?", answer: "No." }] };
    expect(configurationBody(wholeRow, "c", "en").include_manual_dataset).toBe(true);
  });

  it("names the configuration from the website's domain (as the browser spells it): lowercased, only a-z 0-9 . -", () => {
    expect(configurationNameOf({ url: "https://WWW.Bäckerei-Jansen.de/Shop?x=1" })).toBe("www.xn--bckerei-jansen-5hb.de");
    expect(configurationNameOf({ url: normaliseWebsiteUrl("  Bakery.NL/about ") })).toBe("bakery.nl");
  });

  it("sets up a website that was not read without an attempt, named from the domain typed, each draft apart", () => {
    const draft = draftWithoutWebsite(normaliseWebsiteUrl(" www.My-Bakery.nl/contact "));
    expect(draft.attemptId).toBeNull();
    expect(draftWithoutWebsite(draft.url).draftId).not.toBe(draft.draftId);
    expect(configurationBody(draft, "c", "en")).toMatchObject({ name: "www.my-bakery.nl", attempt_id: null });
    expect(urlsBody("conf", draft.urls)).toEqual({ configurationId: "conf", urls: [] });
    expect(emptyDraft("https://b.nl", "att").draftId).toBe("att");
  });

  it("adds https:// to an address typed without a scheme and leaves an empty one empty", () => {
    expect(normaliseWebsiteUrl("bakery.nl")).toBe("https://bakery.nl");
    expect(normaliseWebsiteUrl("http://bakery.nl")).toBe("http://bakery.nl");
    expect(normaliseWebsiteUrl("   ")).toBe("");
  });

  it("shows the progress of spec 02 §7.9 for the stages, 100 when done", () => {
    expect([...scanStages.map(progressOf), progressOf("done")]).toEqual([10, 35, 65, 90, 100]);
  });

  it("resumes an attempt after the last stage that found something", () => {
    const attempt = { attempt_id: "a", url: "https://b.nl", branding: null, persona: { entity_instruction: "E", goal_instruction: "G" }, faq: [], urls: [] };
    expect(resumeFrom(attempt).remaining).toEqual(["faq", "urls"]);
    expect(resumeFrom({ ...attempt, urls: [{ url: "https://b.nl/x", description: "X" }] }).remaining).toEqual([]);
    expect(resumeFrom({ ...attempt, persona: null }).remaining).toEqual(scanStages);
    expect(resumeFrom(attempt).draft.persona).toEqual({ entity_instruction: "E", goal_instruction: "G" });
  });

  it("saves complete FAQ rows trimmed, drops empty ones and finds half-filled ones", () => {
    const rows = [
      { id: "1", question: " Open? ", answer: " Daily " },
      { id: "2", question: "", answer: "  " },
      { id: "3", question: "Card?", answer: "" },
    ];
    expect(incompleteFaqRows(rows)).toEqual(["3"]);
    expect(faqDatasetBody("c", rows.slice(0, 2), headers).datasetData).toEqual([{ question: "Open?", answer: "Daily" }]);
  });

  it("saves only the ticked URLs, with their description as subject", () => {
    const rows = [
      { id: "1", url: " https://b.nl/a ", description: "A", included: true },
      { id: "2", url: "https://b.nl/b", description: "B", included: false },
    ];
    expect(urlsBody("c", rows)).toEqual({ configurationId: "c", urls: [{ url: "https://b.nl/a", subject: "A" }] });
  });

  it("designs with the chosen colour and readable text on it, the logo as avatar, or the defaults", () => {
    const dark = designBody("c", { primaryColor: "#112233", logoUrl: "https://b.nl/logo.png" });
    expect(dark.chatbotSettings).toMatchObject({ primaryColor: "#112233", headerTextColor: "#ffffff", avatarType: "scraped", avatarUrl: "https://b.nl/logo.png", configuration_id: "c", _id: null });
    expect(designBody("c", { primaryColor: "#ffee00", logoUrl: null }).chatbotSettings).toMatchObject({ userMessageTextColor: "#000000", avatarType: "default", avatarUrl: null });
    expect(designBody("c", emptyDraft("https://b.nl", "a")).chatbotSettings.primaryColor).toBe("#4f46e5");
    // In the wizard's language, which the new configuration answers in.
    expect(designBody("c", emptyDraft("https://b.nl", "a"), "en").chatbotSettings).toMatchObject({ uiLanguage: "en", startMessage: "Hello! How can I help you?" });
    expect(designBody("c", emptyDraft("https://b.nl", "a")).chatbotSettings).toMatchObject({ uiLanguage: "nl", startMessage: "Hallo! Waarmee kan ik je helpen?" });
  });

  it("counts addresses that differ only by a trailing slash, a fragment or the host's case as one page", () => {
    expect(pageKey("https://Shop.example/faq/")).toBe(pageKey("https://shop.example/faq"));
    expect(pageKey("https://shop.example/about#team")).toBe(pageKey("https://shop.example/about"));
    expect(pageKey("https://shop.example/")).toBe("https://shop.example/");
    expect(pageKey("https://shop.example/faq?page=2")).not.toBe(pageKey("https://shop.example/faq"));
    expect(pageKey("https://shop.example/Faq")).not.toBe(pageKey("https://shop.example/faq"));
  });
});
