import type { Db } from "../../platform/db/db";
import { queryOne } from "../../platform/db/db";
import { containsPattern } from "../../platform/db/like";
import type { Role } from "../../platform/http/operations";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

/** Users the scope may see: its customer's (every one for admins) and the caller's own row. */
const usersInScope = (first: number, prefix = "") =>
  `(${scopeCondition(`${prefix}customer_id`, first)} OR ${prefix}id = $${first + 2}::uuid)`;
const usersScopeParams = (scope: Scope) => [...scopeParams(scope), scope.userId] as const;

export interface UserRecord {
  id: string;
  customer_id: string | null;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  password_hash: string;
  avatar: string | null;
  role: Role;
  status: "active" | "inactive";
  show_wizard: boolean;
  show_instructions: boolean;
  force_refresh_password: boolean;
  language: string;
  is_available: boolean;
  token_version: number;
}

/** A user as the contract's `User` (never the password). */
export function toUser(record: UserRecord) {
  return {
    id: record.id,
    customerId: record.customer_id,
    username: record.username,
    firstname: record.firstname,
    lastname: record.lastname,
    email: record.email,
    avatar: record.avatar,
    role: record.role,
    status: record.status,
    showWizard: record.show_wizard,
    showInstructions: record.show_instructions,
    forceRefreshPassword: record.force_refresh_password,
    languageCode: record.language,
    is_available: record.is_available,
  };
}
export type User = ReturnType<typeof toUser>;

const columns =
  "id, customer_id, email, username, firstname, lastname, password_hash, avatar, role, status, show_wizard, show_instructions, force_refresh_password, language, is_available, token_version";

export function findUserById(db: Db, scope: Scope, id: string): Promise<UserRecord | undefined> {
  return queryOne<UserRecord>(db, `SELECT ${columns} FROM users WHERE id = $1 AND ${usersInScope(2)}`, [id, ...usersScopeParams(scope)]);
}

/** `findUserById` inside a transaction, with the row locked until it ends: a second writer waits and reads what the first wrote. */
export function lockUserById(db: Db, scope: Scope, id: string): Promise<UserRecord | undefined> {
  return queryOne<UserRecord>(db, `SELECT ${columns} FROM users WHERE id = $1 AND ${usersInScope(2)} FOR UPDATE`, [id, ...usersScopeParams(scope)]);
}

export function findUserByEmail(db: Db, scope: Scope, email: string): Promise<UserRecord | undefined> {
  return queryOne<UserRecord>(db, `SELECT ${columns} FROM users WHERE lower(email) = lower($1) AND ${usersInScope(2)}`, [
    email,
    ...usersScopeParams(scope),
  ]);
}

/** The scope's users whose e-mail address or name contains `text`. */
export function findUsersByText(db: Db, scope: Scope, text: string, limit: number) {
  return db.query<{ id: string; email: string; firstname: string; lastname: string }>(
    `SELECT id, email, firstname, lastname FROM users
      WHERE ${usersInScope(1)} AND (email ILIKE $4 OR (firstname || ' ' || lastname) ILIKE $4)
      ORDER BY lower(email) LIMIT $5`,
    [...usersScopeParams(scope), containsPattern(text), limit],
  );
}

export async function listUsers(db: Db, scope: Scope) {
  return db.query<UserRecord & { customer_name: string | null }>(
    `SELECT ${columns.split(", ").map((c) => `u.${c}`).join(", ")}, c.name AS customer_name
       FROM users u LEFT JOIN customers c ON c.id = u.customer_id
      WHERE ${usersInScope(1, "u.")}
      ORDER BY lower(u.email)`,
    usersScopeParams(scope),
  );
}

export interface NewUser {
  customerId: string | null;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  passwordHash: string;
  avatar?: string | null;
  role: Role;
  status?: "active" | "inactive";
  showWizard?: boolean;
  showInstructions?: boolean;
  forceRefreshPassword?: boolean;
  language?: string;
}

/**
 * True when the users' unique e-mail index refused the write: another user has the address, written
 * since the caller looked (two requests adding the same address at once).
 */
export function isEmailTaken(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === "23505" && constraint === "users_email_key";
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRecord> {
  const rows = await db.query<UserRecord>(
    `INSERT INTO users (customer_id, email, username, firstname, lastname, password_hash, avatar, role, status,
                        show_wizard, show_instructions, force_refresh_password, language)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     RETURNING ${columns}`,
    [
      user.customerId,
      user.email,
      user.username,
      user.firstname,
      user.lastname,
      user.passwordHash,
      user.avatar ?? null,
      user.role,
      user.status ?? "active",
      user.showWizard ?? false,
      user.showInstructions ?? false,
      user.forceRefreshPassword ?? false,
      user.language ?? "en",
    ],
  );
  return rows[0]!;
}

export interface UserChanges {
  customer_id?: string | null;
  email?: string;
  username?: string;
  firstname?: string;
  lastname?: string;
  password_hash?: string;
  avatar?: string | null;
  role?: Role;
  status?: "active" | "inactive";
  show_wizard?: boolean;
  show_instructions?: boolean;
  force_refresh_password?: boolean;
  language?: string;
  is_available?: boolean;
}

/**
 * Changes a user. A new password or a deactivation ends every session issued before it (the
 * `users_revoke_sessions` trigger moves `token_version`); the answer carries the new version.
 */
export async function updateUser(db: Db, scope: Scope, id: string, changes: UserChanges): Promise<UserRecord | undefined> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  const assignments = entries.map(([column], index) => `${column} = $${index + 5}`);
  assignments.push("updated_at = now()");
  const updated = await queryOne<UserRecord>(
    db,
    `UPDATE users SET ${assignments.join(", ")} WHERE id = $1 AND ${usersInScope(2)} RETURNING ${columns}`,
    [id, ...usersScopeParams(scope), ...entries.map(([, value]) => value)],
  );
  // Other instances hear of it through the users trigger; this one at once.
  db.changes.changedHere("users", id);
  return updated;
}
