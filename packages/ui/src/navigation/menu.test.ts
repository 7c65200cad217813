import { describe, expect, it } from "vitest";
import {
  activeGroupId,
  adminNavigation,
  customerNavigation,
  customerSelfOnboardingNavigation,
  navigationFor,
  navigationLinks,
  type NavEntry,
} from "./menu";
import en from "../locales/en.json";

function outline(entries: NavEntry[]): unknown[] {
  return entries.map((entry) =>
    entry.kind === "group" ? { [entry.id]: entry.children.map((child) => (child.disabled ? `${child.id} (disabled)` : child.id)) } : entry.id,
  );
}

describe("navigation by role (spec 01 §2)", () => {
  it("gives admins customers, leads, users and the settings, data and conversations groups", () => {
    expect(outline(navigationFor("admin"))).toEqual([
      "dashboard",
      "customers",
      "leads",
      "users",
      {
        settings: [
          "settingsGeneral",
          "settingsAiSettings",
          "settingsAiFunctions",
          "settingsInstructions",
          "settingsConnections",
          "settingsDataTraining",
          "settingsDesign",
          "settingsTest",
        ],
      },
      { data: ["manageFaq", "manageUrls"] },
      { conversations: ["conversationsLive", "conversationsHistory"] },
    ]);
    const groups = adminNavigation.filter((entry) => entry.kind === "group");
    expect(groups.every((entry) => entry.needsConfiguration)).toBe(true);
  });

  it("gives customer_so the knowledge base, design, test, embed and a highlighted premium group with disabled items", () => {
    expect(outline(navigationFor("customer_so"))).toEqual([
      "dashboard",
      { conversations: ["conversationsLive", "conversationsHistory"] },
      { knowledgeBase: ["prompting", "faq", "urls"] },
      "design",
      "testEnvironment",
      "addToWebsite",
      {
        premiumFeatures: [
          "moreInfo",
          "ai_reporting (disabled)",
          "knowledge_base_plus (disabled)",
          "connect_webshop (disabled)",
          "whatsapp_ai (disabled)",
          "lead_generation (disabled)",
        ],
      },
    ]);
    const premium = customerSelfOnboardingNavigation.find((entry) => entry.id === "premiumFeatures");
    expect(premium?.kind === "group" && premium.highlighted).toBe(true);
  });

  it("gives customers conversations with postprocessed, manage FAQ and the test environment", () => {
    expect(outline(navigationFor("customer"))).toEqual([
      "dashboard",
      { conversations: ["conversationsLive", "conversationsHistory", "conversationsPostprocessed"] },
      { knowledgeBase: ["manageFaq"] },
      "testEnvironment",
    ]);
  });

  it("has a translated English label for every entry", () => {
    const nav = (en as { nav: Record<string, string> }).nav;
    for (const entries of [adminNavigation, customerNavigation, customerSelfOnboardingNavigation]) {
      for (const entry of entries) {
        expect(nav[entry.id], entry.id).toBeTruthy();
        if (entry.kind === "group") entry.children.forEach((child) => expect(nav[child.id], child.id).toBeTruthy());
      }
    }
  });

  it("highlights the group holding the current path", () => {
    expect(activeGroupId(adminNavigation, "/settings/design")).toBe("settings");
    expect(activeGroupId(customerNavigation, "/conversations/postprocessed")).toBe("conversations");
    expect(activeGroupId(customerNavigation, "/customer")).toBeNull();
  });

  it("links only to absolute paths", () => {
    for (const role of ["admin", "customer", "customer_so"] as const) {
      for (const item of navigationLinks(navigationFor(role))) expect(item.to.startsWith("/")).toBe(true);
    }
  });
});
