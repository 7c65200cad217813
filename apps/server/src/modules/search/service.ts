import { pageTitles, pagesFor } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { Caller } from "../../platform/http/operations";
import { findConfigurationNames } from "../configurations/repository";
import { findCustomerNames } from "../customers/repository";
import { scopeOf } from "../tenancy";
import { findUsersByText } from "../users/repository";

export interface SearchHit {
  title: string;
  icon: string;
  group: string;
  url: string;
}

// Enough hits for the dialog; more would not fit on screen.
const hitsPerGroup = 8;

/**
 * The top bar's search: the caller's pages, then configurations; admins also find customers and
 * users. Every query is limited to what the caller may see.
 */
export async function globalSearch(db: Db, caller: Caller, q: string): Promise<{ status: "success"; data: SearchHit[] }> {
  const text = q.trim().toLowerCase();
  if (text === "") return { status: "success", data: [] };
  const scope = scopeOf(caller);

  // The contract's hit has a display title, so pages answer the English one of the page manifest.
  const pages = pagesFor(caller.role)
    .map((page) => ({ title: pageTitles[page.titleKey], icon: page.icon, group: "Pages", url: page.path }))
    .filter((page) => page.title.toLowerCase().includes(text));

  const configurations = await findConfigurationNames(db, scope, text, hitsPerGroup);
  const hits: SearchHit[] = [
    ...pages,
    ...configurations.map((row) => ({
      title: row.name,
      icon: "LuBot",
      group: "Configurations",
      url: `${caller.role === "admin" ? "/settings/general" : "/customer"}?configurationId=${row.id}`,
    })),
  ];

  if (caller.role === "admin") {
    const customers = await findCustomerNames(db, scope, text, hitsPerGroup);
    const users = await findUsersByText(db, scope, text, hitsPerGroup);
    hits.push(
      ...customers.map((row) => ({ title: row.name, icon: "LuBuilding2", group: "Customers", url: `/customers?id=${row.id}` })),
      ...users.map((row) => ({
        title: `${row.firstname} ${row.lastname} (${row.email})`.trim(),
        icon: "LuUser",
        group: "Users",
        url: `/users?id=${row.id}`,
      })),
    );
  }
  return { status: "success", data: hits };
}
