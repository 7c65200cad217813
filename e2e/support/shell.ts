import type { Locator, Page } from "playwright-core";
import { api, demoPassword, uniqueEmail, waitForMail, newestMailId, type StoredSession } from "./browser";

/** A sidebar entry as the user reads it: a link, or a group with its items. Disabled items end in " (disabled)". */
export type NavNode = string | { group: string; items: string[] };

export function mainNavigation(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main navigation" });
}

/** Opens every collapsed group of the sidebar, then reads its entries in order. */
export async function readNavigation(page: Page): Promise<NavNode[]> {
  const nav = mainNavigation(page);
  await nav.waitFor({ state: "visible" });
  const collapsed = nav.locator('button[aria-expanded="false"]');
  for (let guard = 0; guard < 20 && (await collapsed.count()) > 0; guard++) {
    await collapsed.first().click();
  }
  return nav.evaluate((root) => {
    // A badge's count (the live conversations of whichever journeys run beside this one) is data, not navigation.
    const text = (element: Element) => {
      let value = ((element as HTMLElement).innerText ?? element.textContent ?? "").replace(/\s+/g, " ").trim();
      for (const badge of Array.from(element.querySelectorAll(".chakra-badge"))) {
        const count = ((badge as HTMLElement).innerText ?? "").trim();
        if (count !== "" && value.endsWith(count)) value = value.slice(0, -count.length).trim();
      }
      return value;
    };
    const labelOf = (element: Element) => {
      const disabled =
        element.matches('[aria-disabled="true"]') || element.querySelector('[aria-disabled="true"]') !== null;
      return disabled ? `${text(element)} (disabled)` : text(element);
    };
    const list = root.querySelector("ul");
    if (!list) return [];
    return Array.from(list.children).map((item) => {
      const trigger = item.querySelector(":scope button, :scope > div > button");
      const nested = item.querySelector("ul");
      if (trigger && nested) {
        return { group: text(trigger), items: Array.from(nested.children).map((child) => labelOf(child)) };
      }
      return labelOf(item);
    });
  });
}

/** Opens the profile menu and lists its items (menu items and the availability choice). */
export async function readProfileMenu(page: Page): Promise<{ texts: string; items: string[] }> {
  await page.getByRole("button", { name: "Profile menu" }).click();
  const menu = page.getByRole("menu");
  await menu.waitFor({ state: "visible" });
  const items = await menu
    .locator('[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]')
    .allInnerTexts();
  const texts = (await menu.innerText()).replace(/\s+/g, " ");
  return { texts, items: items.map((item) => item.replace(/\s+/g, " ").trim()) };
}

/**
 * A brand-new self-onboarding account made the way a visitor makes one (register, one-time code from
 * the dev mailbox), optionally with its customer already created as the onboarding wizard does.
 */
export async function createSelfOnboardingAccount(
  prefix: string,
  withCustomer: boolean,
): Promise<{ email: string; password: string; session: StoredSession }> {
  const email = uniqueEmail(prefix);
  const password = demoPassword;
  const before = await newestMailId();
  const registered = await api("POST", "/register", {
    firstname: "Sam",
    lastname: "Setup",
    email,
    password,
    confirmPassword: password,
    languageCode: "en",
  });
  if (registered.status !== 200)
    throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.data)}`);
  const mail = await waitForMail(email, before);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in the e-mail: ${mail.text}`);
  const validated = await api<{ token: string; user: Record<string, unknown> }>("POST", "/validate-otp", {
    email,
    otp: code,
  });
  if (validated.status !== 200)
    throw new Error(`validate-otp failed: ${validated.status} ${JSON.stringify(validated.data)}`);
  let token = validated.data.token;
  if (withCustomer) {
    const created = await api<{ token: string }>(
      "POST",
      "/customer/self_onboarding_create",
      { name: `Shop of ${prefix}` },
      token,
    );
    if (created.status !== 200)
      throw new Error(`self_onboarding_create failed: ${created.status} ${JSON.stringify(created.data)}`);
    token = created.data.token;
  }
  return { email, password, session: { token, user: validated.data.user } };
}
