import type { Db } from "../../platform/db/db";
import { containsPattern } from "../../platform/db/like";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";

/** A self-onboarding user with their customer and that customer's first configuration, as stored. */
export interface LeadRow {
  id: string;
  customer_id: string | null;
  customer_name: string | null;
  firstname: string;
  lastname: string;
  email: string;
  status: "active" | "inactive";
  show_wizard: boolean;
  created_at: Date | string;
  configuration_id: string | null;
  configuration_name: string | null;
  configuration_created_at: Date | string | null;
  message_limit: number | null;
  remaining_messages: number | null;
}

/**
 * The scope's self-onboarding users, newest first, whose name, e-mail address, customer or
 * configuration contains `search` (all with an empty one).
 */
export function listLeadRows(db: Db, scope: Scope, search: string): Promise<LeadRow[]> {
  return db.query<LeadRow>(
    `SELECT u.id, u.customer_id, c.name AS customer_name, u.firstname, u.lastname, u.email, u.status, u.show_wizard,
            u.created_at, cf.id AS configuration_id, cf.name AS configuration_name, cf.created_at AS configuration_created_at,
            cf.message_limit, cf.remaining_messages
       FROM users u
       LEFT JOIN customers c ON c.id = u.customer_id
       LEFT JOIN LATERAL (
         SELECT id, name, created_at, message_limit, remaining_messages FROM configurations
          WHERE customer_id = u.customer_id ORDER BY created_at, id LIMIT 1
       ) cf ON true
      WHERE u.role = 'customer_so' AND ${scopeCondition("u.customer_id", 1)}
        AND ($3 = '' OR u.email ILIKE $4 OR (u.firstname || ' ' || u.lastname) ILIKE $4 OR c.name ILIKE $4 OR cf.name ILIKE $4)
      ORDER BY u.created_at DESC, u.id`,
    [...scopeParams(scope), search, containsPattern(search)],
  );
}
