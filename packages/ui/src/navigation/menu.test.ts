import { pagesFor } from "@parley/domain/pages";
import { describe, expect, it } from "vitest";
import { i18n, loadNamespaces, setupI18n } from "../i18n/setup";
import { activeGroupId, navigationFor, navigationLinks, type NavEntry } from "./menu";

/** The menu as the English sidebar reads it; "(locked)" marks disabled items, "(needs configuration)" blocked ones. */
async function outline(entries: NavEntry[]): Promise<unknown[]> {
  await setupI18n("en");
  await loadNamespaces(["pages", "shell"]);
  const label = (key: string) => i18n.t(key);
  const item = (link: Extract<NavEntry, { kind: "link" }>) =>
    `${label(link.labelKey)}${link.disabled ? " (locked)" : ""}${link.needsConfiguration ? " (needs configuration)" : ""}`;
  return entries.map((entry) => (entry.kind === "group" ? { [label(entry.labelKey)]: entry.children.map(item) } : item(entry)));
}

describe("navigation by role (spec 01 §2), read from the page manifest", () => {
  it("gives admins customers, leads, users and the settings, data and conversations groups, which need a configuration", async () => {
    const needs = (label: string) => `${label} (needs configuration)`;
    expect(await outline(navigationFor("admin"))).toEqual([
      "Dashboard",
      "Customers",
      "Leads",
      "Users",
      { Settings: ["General", "AI settings", "AI functions", "Instructions", "Connections", "Data training", "Design", "Test"].map(needs) },
      { Data: ["Manage FAQ", "Manage URLs"].map(needs) },
      { Conversations: ["Live", "History"].map(needs) },
    ]);
  });

  it("gives customer_so the knowledge base, design, test, embed and a highlighted premium group with locked items", async () => {
    const entries = navigationFor("customer_so");
    expect(await outline(entries)).toEqual([
      "Dashboard",
      { Conversations: ["Live", "History"] },
      { "Knowledge base": ["Prompting", "FAQ", "URLs"] },
      "Design",
      "Test environment",
      "Add to website",
      {
        "Premium features": [
          "More info",
          "AI reporting (locked)",
          "Knowledge base+ (locked)",
          "Connect webshop (locked)",
          "WhatsApp AI (locked)",
          "Lead generation (locked)",
        ],
      },
    ]);
    expect(entries.find((entry) => entry.kind === "group" && entry.id === "premiumFeatures")).toMatchObject({ highlighted: true });
  });

  it("gives customers conversations with postprocessed, manage FAQ (the dataset view) and the test environment", async () => {
    const entries = navigationFor("customer");
    expect(await outline(entries)).toEqual([
      "Dashboard",
      { Conversations: ["Live", "History", "Postprocessed"] },
      { "Knowledge base": ["Manage FAQ"] },
      "Test environment",
    ]);
    expect(navigationLinks(entries).find((link) => link.labelKey === "pages:titles.manageFaq")?.to).toBe("/dataset/view");
  });

  it("links to every page of the role's menu, and only to pages the role may open", () => {
    for (const role of ["admin", "customer", "customer_so"] as const) {
      const menuPages = pagesFor(role).filter((page) => page.menu !== "none").map((page) => page.path);
      const links = navigationLinks(navigationFor(role)).filter((link) => !link.disabled).map((link) => link.to);
      expect(links, role).toEqual(menuPages);
    }
  });

  it("highlights the group holding the current path", () => {
    expect(activeGroupId(navigationFor("admin"), "/settings/design")).toBe("settings");
    expect(activeGroupId(navigationFor("customer"), "/conversations/postprocessed")).toBe("conversations");
    expect(activeGroupId(navigationFor("customer"), "/customer")).toBeNull();
  });

  it("shows the live count on the live conversations link", () => {
    const live = navigationLinks(navigationFor("customer")).filter((link) => link.badge === "liveCount");
    expect(live.map((link) => link.to)).toEqual(["/conversations/live"]);
  });
});
