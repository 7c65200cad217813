import { pageGroups, pagesFor, type PageGroupId, type PageIconName, type PortalPage } from "@parley/domain/pages";
import { premiumFeatures } from "@parley/domain/products";
import { autoSelectsFirstConfiguration, type Role } from "@parley/domain/roles";

/**
 * The sidebar of a role, read from the domain's page manifest (spec 01 §2): top-level pages and groups
 * in manifest order. Labels are i18n keys of the `pages` namespace (the locked premium items': `shell`).
 */
export interface NavLink {
  kind: "link";
  labelKey: string;
  to: string;
  icon: PageIconName;
  disabled?: boolean;
  /** Blocked until a configuration is selected. */
  needsConfiguration: boolean;
  /** Shows the live-conversation count beside the label. */
  badge?: "liveCount";
}

export interface NavGroup {
  kind: "group";
  id: PageGroupId;
  labelKey: string;
  icon: PageIconName;
  children: NavLink[];
  highlighted?: boolean;
}

export type NavEntry = NavLink | NavGroup;

function linkTo(page: PortalPage, role: Role): NavLink {
  return {
    kind: "link",
    labelKey: `pages:titles.${page.menuTitleKey ?? page.titleKey}`,
    to: page.path,
    icon: page.icon,
    // Customers always work on a configuration (their first is selected for them); admins choose one.
    needsConfiguration: page.needsConfiguration && !autoSelectsFirstConfiguration(role),
    ...(page.path === "/conversations/live" ? { badge: "liveCount" as const } : {}),
  };
}

/** The premium features a self-onboarding customer sees as locked items, each leading to the contact form. */
const lockedPremiumItems: NavLink[] = premiumFeatures.map((feature) => ({
  kind: "link",
  labelKey: `shell:nav.${feature}`,
  to: `/contact-premium?feature=${feature}`,
  icon: "LuSparkles",
  disabled: true,
  needsConfiguration: false,
}));

export function navigationFor(role: Role): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const page of pagesFor(role)) {
    if (page.menu === "none") continue;
    if (page.menu === "top") {
      entries.push(linkTo(page, role));
      continue;
    }
    const id = page.menu;
    let group = entries.find((entry): entry is NavGroup => entry.kind === "group" && entry.id === id);
    if (!group) {
      const definition: { icon: PageIconName; highlighted?: boolean } = pageGroups[id];
      group = { kind: "group", id, labelKey: `pages:groups.${id}`, icon: definition.icon, children: [], highlighted: definition.highlighted };
      entries.push(group);
    }
    group.children.push(linkTo(page, role));
  }
  for (const entry of entries) {
    if (entry.kind === "group" && "listsLockedPremiumFeatures" in pageGroups[entry.id]) entry.children.push(...lockedPremiumItems);
  }
  return entries;
}

/** Every link of a navigation table, groups flattened. */
export function navigationLinks(entries: NavEntry[]): NavLink[] {
  return entries.flatMap((entry) => (entry.kind === "group" ? entry.children : [entry]));
}

function pathOf(to: string): string {
  return to.split("?")[0] ?? to;
}

/** Whether a link matches the current path (the dashboard only exactly). */
export function isLinkActive(entry: NavLink, pathname: string): boolean {
  const target = pathOf(entry.to);
  if (entry.disabled) return false;
  if (target === "/" || target === "/customer") return pathname === target;
  return pathname === target || pathname.startsWith(`${target}/`);
}

/** The group that holds the current path, highlighted and opened in the sidebar. */
export function activeGroupId(entries: NavEntry[], pathname: string): string | null {
  for (const entry of entries) {
    if (entry.kind === "group" && entry.children.some((child) => isLinkActive(child, pathname))) return entry.id;
  }
  return null;
}
