import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";

export interface PendingRegistration {
  email: string;
  firstname: string;
  lastname: string;
  password_hash: string;
  language: string;
  code_hash: string;
  expired: boolean;
  failed_attempts: number;
}

export async function savePendingRegistration(
  db: Db,
  registration: Omit<PendingRegistration, "expired" | "failed_attempts">,
  validMinutes: number,
): Promise<void> {
  // A new registration for the same address replaces the older one and its code.
  await db.query(
    `INSERT INTO pending_registrations (email, firstname, lastname, password_hash, language, code_hash, expires_at)
     VALUES (lower($1), $2, $3, $4, $5, $6, now() + make_interval(mins => $7::int))
     ON CONFLICT (email) DO UPDATE SET firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname,
       password_hash = EXCLUDED.password_hash, language = EXCLUDED.language, code_hash = EXCLUDED.code_hash,
       expires_at = EXCLUDED.expires_at, failed_attempts = 0, created_at = now()`,
    [
      registration.email,
      registration.firstname,
      registration.lastname,
      registration.password_hash,
      registration.language,
      registration.code_hash,
      validMinutes,
    ],
  );
}

/** Locks the row so two confirmations of the same code cannot both succeed. */
export function findPendingRegistration(db: Db, email: string): Promise<PendingRegistration | undefined> {
  return queryOne<PendingRegistration>(
    db,
    `SELECT email, firstname, lastname, password_hash, language, code_hash, failed_attempts,
            expires_at <= now() AS expired
       FROM pending_registrations WHERE email = lower($1) FOR UPDATE`,
    [email],
  );
}

export async function countFailedAttempt(db: Db, email: string): Promise<void> {
  await db.query("UPDATE pending_registrations SET failed_attempts = failed_attempts + 1 WHERE email = lower($1)", [email]);
}

export async function deletePendingRegistration(db: Db, email: string): Promise<void> {
  await db.query("DELETE FROM pending_registrations WHERE email = lower($1)", [email]);
}

export async function saveResetToken(db: Db, userId: string, tokenHash: string, validMinutes: number): Promise<void> {
  await db.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
    [tokenHash, userId, validMinutes],
  );
}

/** Whether a reset token is known, unused and not expired; reads only, so the link is not spent. */
export async function isResetTokenUsable(db: Db, tokenHash: string): Promise<boolean> {
  const row = await queryOne<{ usable: boolean }>(
    db,
    `SELECT true AS usable FROM password_reset_tokens
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [tokenHash],
  );
  return row !== undefined;
}

/** Marks a valid, unused reset token used and answers its user; undefined for anything else. */
export async function consumeResetToken(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await queryOne<{ user_id: string }>(
    db,
    `UPDATE password_reset_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [tokenHash],
  );
  if (!row) return undefined;
  // Every other link sent to this user stops working as well.
  await db.query("UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [row.user_id]);
  return row.user_id;
}
