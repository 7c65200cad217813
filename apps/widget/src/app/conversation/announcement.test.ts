import { describe, expect, it } from "vitest";
import { announcementOf } from "./announcement";
import type { ChatMessage } from "./types";

const message = (role: ChatMessage["role"], content: string): ChatMessage => ({ key: content, role, content, timestamp: "2026-11-26T12:00:00.000Z" });

describe("what a screen reader hears of new messages", () => {
  it("reads out that a person joined, and their reply, as text", () => {
    expect(
      announcementOf([
        message("system", "<p>Chris neemt deel aan het gesprek. Je chat nu met een medewerker.</p>"),
        message("human_agent", "<p>Hallo, ik ben Chris.</p>"),
      ]),
    ).toBe("Chris neemt deel aan het gesprek. Je chat nu met een medewerker. Hallo, ik ben Chris.");
  });

  it("reads answers but not the visitor's own words back", () => {
    expect(announcementOf([message("user", "Can I return an item?"), message("assistant", "<p>Yes, within <b>30</b> days.</p>")])).toBe(
      "Yes, within 30 days.",
    );
    expect(announcementOf([message("user", "Hello?")])).toBe("");
  });
});
