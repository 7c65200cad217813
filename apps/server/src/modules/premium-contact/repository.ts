import type { Db } from "../../platform/db/db";

export interface PremiumContactRequest {
  userId: string;
  customerId: string | null;
  product: string | null;
  selectedFeatures: string[];
  otherFeature: string | null;
  message: string | null;
}

/** Keeps a customer's question about premium features for the provider's staff; its id. */
export async function insertPremiumContactRequest(db: Db, request: PremiumContactRequest): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO premium_contact_requests (user_id, customer_id, product, selected_features, other_feature, message)
     VALUES ($1, $2, $3, $4::text[], $5, $6) RETURNING id`,
    [request.userId, request.customerId, request.product, request.selectedFeatures, request.otherFeature, request.message],
  );
  return rows[0]!.id;
}

/** Who hears about it: the provider's staff (active admins), with the asker's name and customer. */
export async function findContactAudience(db: Db, userId: string, customerId: string | null) {
  const [staff, asker] = await Promise.all([
    db.query<{ email: string }>("SELECT email FROM users WHERE role = 'admin' AND status = 'active' ORDER BY created_at, id"),
    db.query<{ firstname: string; lastname: string; email: string; customer_name: string | null }>(
      `SELECT u.firstname, u.lastname, u.email, c.name AS customer_name
         FROM users u LEFT JOIN customers c ON c.id = $2::uuid
        WHERE u.id = $1`,
      [userId, customerId],
    ),
  ]);
  return { staff: staff.map((row) => row.email), asker: asker[0] };
}
