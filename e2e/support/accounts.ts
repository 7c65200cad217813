import { api, apiSignIn, demoPassword, uniqueEmail, type StoredSession } from "./browser";

export interface CustomerAccount {
  customerId: string;
  email: string;
  /** The customer user's session, signed in through the API. */
  session: StoredSession;
  configuration: { _id: string; name: string };
}

/**
 * A customer of the journey's own, made by provider staff through the API: the customer, a user with role
 * customer (the demo customer's sign-ins are spent by other journeys) and one configuration named
 * `<prefix>-<time>`.
 */
export async function createCustomerAccount(
  admin: StoredSession,
  { customer, user, prefix }: { customer: Record<string, unknown>; user: { firstname: string; lastname: string }; prefix: string },
): Promise<CustomerAccount> {
  const created = await api<{ inserted_id: string }>("POST", "/customer/create_or_update", customer, admin.token);
  if (created.status !== 200) throw new Error(`creating the customer failed: ${created.status} ${JSON.stringify(created.data)}`);
  const customerId = created.data.inserted_id;
  const email = uniqueEmail(prefix);
  const added = await api("POST", "/users/add_or_update", { customerId, username: email, email, ...user, password: demoPassword, role: "customer" }, admin.token);
  if (added.status !== 200) throw new Error(`creating the user failed: ${added.status} ${JSON.stringify(added.data)}`);
  const name = `${prefix}-${Date.now()}`;
  const made = await api<{ inserted_id: string }>("POST", "/configuration/create_or_update", { name, customerId }, admin.token);
  if (made.status !== 200) throw new Error(`creating the configuration failed: ${made.status} ${JSON.stringify(made.data)}`);
  return { customerId, email, session: await apiSignIn(email), configuration: { _id: made.data.inserted_id, name } };
}
