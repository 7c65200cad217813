/**
 * The message quota of a configuration: each answered visitor message uses one of `remaining_messages`;
 * a message limit of 0 (enterprise) is unlimited. At the usage reset date the remaining messages go back to
 * the limit and the date moves on by whole months, past today.
 *
 * A message is taken before the assistant answers and given back when it could not answer, so two messages
 * at once never both take the last one: the decrement is one conditional UPDATE, which PostgreSQL
 * serialises on the row.
 */
import { freeTestAnswersPerDay } from "@parley/domain/quota";
import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";

export type QuotaTake = { taken: true; unlimited: boolean } | { taken: false };

/** Starts a new usage period when the reset date is today or past (`today` is YYYY-MM-DD). */
async function resetWhenDue(db: Db, configurationId: string, today: string): Promise<void> {
  // age() counts whole months from the reset date to today; one more puts the next date after today.
  await db.query(
    `UPDATE configurations
        SET remaining_messages = message_limit,
            usage_reset_date = (usage_reset_date + make_interval(months =>
              (extract(year FROM age($2::date, usage_reset_date)) * 12 + extract(month FROM age($2::date, usage_reset_date)))::int + 1))::date
      WHERE id = $1 AND usage_reset_date <= $2::date`,
    [configurationId, today],
  );
}

/**
 * `configuration.usage_reset_date` may be a cached copy: a reset is only looked for when that date is due, and
 * the reset's own condition is checked against the row, so a stale copy costs at most one extra statement.
 */
export async function takeMessage(
  db: Db,
  configuration: { _id: string; usage_reset_date: string },
  now: Date = new Date(),
): Promise<QuotaTake> {
  const configurationId = configuration._id;
  const today = now.toISOString().slice(0, 10);
  if (configuration.usage_reset_date <= today) await resetWhenDue(db, configurationId, today);
  const row = await queryOne<{ unlimited: boolean }>(
    db,
    `UPDATE configurations
        SET remaining_messages = CASE WHEN message_limit = 0 THEN remaining_messages ELSE remaining_messages - 1 END
      WHERE id = $1 AND (message_limit = 0 OR remaining_messages > 0)
      RETURNING message_limit = 0 AS unlimited`,
    [configurationId],
  );
  return row ? { taken: true, unlimited: row.unlimited } : { taken: false };
}

/** Gives back a message taken for an answer that could not be given. */
export async function giveBackMessage(db: Db, configurationId: string, take: QuotaTake): Promise<void> {
  if (!take.taken || take.unlimited) return;
  await db.query(
    "UPDATE configurations SET remaining_messages = LEAST(remaining_messages + 1, message_limit) WHERE id = $1 AND message_limit <> 0",
    [configurationId],
  );
}

/**
 * Whether an answer in a test conversation (the portal's test environment) may still be free: fewer than
 * `freeTestAnswersPerDay` answers were given in the configuration's test conversations in the last 24 hours.
 * Two answers at the cap at once may both be free; the cap is a limit on abuse, not a price.
 */
export async function freeTestAnswerLeft(db: Db, configurationId: string, now: Date = new Date()): Promise<boolean> {
  const row = await queryOne<{ given: number }>(
    db,
    `SELECT count(*)::int AS given
       FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE c.configuration_id = $1 AND c.is_test AND m.role = 'assistant' AND m.created_at > $2`,
    [configurationId, new Date(now.getTime() - 24 * 60 * 60_000)],
  );
  return (row?.given ?? 0) < freeTestAnswersPerDay;
}
