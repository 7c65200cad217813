import { onboardingScanLimits } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";

/** What the URL check read from the home page, for the steps after it. */
export interface SiteFacts {
  /** The business's name as the site gives it (og:site_name, the title), else words from the host. */
  name: string;
  /** The site's description of itself (meta description, else its first paragraph); may be empty. */
  description: string;
  /** The site's picture for previews (og:image), absolute; null when it has none. */
  image: string | null;
  /** The start of the home page's text, for a language model to write the persona from. */
  excerpt: string;
}

export interface OnboardingAttemptRecord {
  id: string;
  userId: string;
  url: string;
  site: SiteFacts;
  branding: Schemas["Branding"] | null;
  persona: Schemas["Persona"] | null;
  faq: Schemas["FaqItem"][];
  urls: Schemas["OnboardingUrl"][];
  createdAt: string;
}

/** What each step stores, by the column it goes in. */
export interface AttemptSteps {
  branding: Schemas["Branding"];
  persona: Schemas["Persona"];
  faq: Schemas["FaqItem"][];
  urls: Schemas["OnboardingUrl"][];
}

type AttemptRow = Omit<OnboardingAttemptRecord, "userId" | "createdAt"> & { user_id: string; created_at: Date | string };

const columns = "id, user_id, url, site, branding, persona, faq, urls, created_at";

function toRecord(row: AttemptRow): OnboardingAttemptRecord {
  return {
    id: row.id,
    userId: row.user_id,
    url: row.url,
    site: row.site,
    branding: row.branding,
    persona: row.persona,
    faq: row.faq,
    urls: row.urls,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/*
 * An attempt is its user's alone: every function takes the owner (the caller's user id) and filters by it in
 * SQL, so another user's attempt id, an admin's included, finds nothing. A self-onboarding user has no
 * customer to scope by yet, and nobody else has a reason to read a half-done wizard.
 */

/** A new attempt of the owner; their oldest beyond the domain's number kept are deleted with it. */
export async function insertAttempt(db: Db, ownerId: string, url: string, site: SiteFacts): Promise<OnboardingAttemptRecord> {
  // The DELETE sees the table as it was before the INSERT of the same statement, hence one fewer kept there.
  const rows = await db.query<AttemptRow>(
    `WITH inserted AS (
       INSERT INTO onboarding_attempts (user_id, url, site) VALUES ($1, $2, $3::jsonb) RETURNING ${columns}
     ), pruned AS (
       DELETE FROM onboarding_attempts WHERE id IN (
         SELECT id FROM onboarding_attempts WHERE user_id = $1 ORDER BY position DESC OFFSET $4
       )
     )
     SELECT * FROM inserted`,
    [ownerId, url, JSON.stringify(site), onboardingScanLimits.attemptsKept - 1],
  );
  return toRecord(rows[0]!);
}

export async function findAttempt(db: Db, ownerId: string, id: string): Promise<OnboardingAttemptRecord | undefined> {
  const rows = await db.query<AttemptRow>(`SELECT ${columns} FROM onboarding_attempts WHERE id = $1 AND user_id = $2`, [id, ownerId]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** Stores what a step proposed (replacing an earlier run of it); false when the attempt is gone. */
export async function saveStep<Step extends keyof AttemptSteps>(
  db: Db,
  ownerId: string,
  id: string,
  step: Step,
  value: AttemptSteps[Step],
): Promise<boolean> {
  // `step` is one of four literal column names, never text from a request.
  const column = ({ branding: "branding", persona: "persona", faq: "faq", urls: "urls" } as const)[step];
  const rows = await db.query<{ id: string }>(
    `UPDATE onboarding_attempts SET ${column} = $3::jsonb, updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING id`,
    [id, ownerId, JSON.stringify(value)],
  );
  return rows.length > 0;
}
