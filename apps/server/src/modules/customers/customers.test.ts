import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestContext, expectToMatchContract, type TestContext } from "../../test/context";
import { createConfiguration } from "../../test/fixture";

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await ctx.createUser({ role: "admin" })).token;
});
afterAll(async () => {
  await ctx?.close();
});

describe("customers", () => {
  it("an admin creates a customer (inserted_id), updates it (updated_id) and gets 'No changes detected' for the same data", async () => {
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/customer/create_or_update",
      headers: bearer(adminToken),
      payload: { name: "Bakery", contactPersonEmail: "eva@bakery.test", country: "NL", taxExempt: false },
    });
    expect(created.statusCode).toBe(200);
    expectToMatchContract("createOrUpdateCustomer", created);
    const id = created.json().inserted_id as string;
    expect(created.json()).toMatchObject({ updated_id: null, updated_customer: { _id: id, name: "Bakery", country: "NL", taxExempt: false } });

    const updated = await ctx.app.inject({
      method: "POST",
      url: "/api/customer/create_or_update",
      headers: bearer(adminToken),
      payload: { _id: id, name: "Bakery", city: "Haarlem" },
    });
    expectToMatchContract("createOrUpdateCustomer", updated);
    expect(updated.json()).toMatchObject({ updated_id: id, inserted_id: null, updated_customer: { city: "Haarlem", contactPersonEmail: "eva@bakery.test" } });

    const same = await ctx.app.inject({
      method: "POST",
      url: "/api/customer/create_or_update",
      headers: bearer(adminToken),
      payload: { _id: id, name: "Bakery", city: "Haarlem" },
    });
    expectToMatchContract("createOrUpdateCustomer", same);
    expect(same.json()).toMatchObject({ message: "No changes detected", updated_id: null, inserted_id: null });

    const got = await ctx.app.inject({ method: "GET", url: `/api/customer?_id=${id}`, headers: bearer(adminToken) });
    expectToMatchContract("getCustomer", got);
    expect(got.json().data).toMatchObject({ _id: id, name: "Bakery", city: "Haarlem" });

    const list = await ctx.app.inject({ method: "GET", url: "/api/customers", headers: bearer(adminToken) });
    expectToMatchContract("listCustomers", list);
    expect(list.json().data.map((c: { _id: string }) => c._id)).toContain(id);
  });

  it("keeps the tax exemption and payment-provider id an admin set when the customer saves their own details", async () => {
    const save = (token: string, payload: Record<string, unknown>) => ctx.app.inject({ method: "POST", url: "/api/customer/create_or_update", headers: bearer(token), payload });
    const created = await save(adminToken, { name: "Fietsen", taxExempt: false, stripe_customer_id: "cus_Fietsen" });
    const id = created.json().inserted_id as string;
    const { token } = await ctx.createUser({ role: "customer", customerId: id });

    // The portal sends back what it read, with the customer's change; the provider's fields stay as stored.
    const own = await save(token, { _id: id, name: "Fietsen", city: "Utrecht", taxExempt: true, stripe_customer_id: "cus_Other" });
    expectToMatchContract("createOrUpdateCustomer", own);
    expect(own.json()).toMatchObject({ updated_id: id, updated_customer: { city: "Utrecht", taxExempt: false, stripe_customer_id: "cus_Fietsen" } });
    const only = await save(token, { _id: id, name: "Fietsen", taxExempt: true });
    expect(only.json()).toMatchObject({ message: "No changes detected", updated_id: null });

    const byAdmin = await save(adminToken, { _id: id, name: "Fietsen", taxExempt: true, stripe_customer_id: null });
    expect(byAdmin.json()).toMatchObject({ updated_id: id, updated_customer: { taxExempt: true, stripe_customer_id: null } });

    const { token: selfOnboarding } = await ctx.createUser({ role: "customer_so" });
    const selfCreated = await ctx.app.inject({
      method: "POST",
      url: "/api/customer/self_onboarding_create",
      headers: bearer(selfOnboarding),
      payload: { name: "Eigen winkel", taxExempt: true, stripe_customer_id: "cus_Mine" },
    });
    expectToMatchContract("selfOnboardingCreateCustomer", selfCreated);
    expect(selfCreated.json().updated_customer).toMatchObject({ name: "Eigen winkel", taxExempt: null, stripe_customer_id: null });
  });

  it("points at a bad e-mail field with 400 validation_failed", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/customer/create_or_update",
      headers: bearer(adminToken),
      payload: { name: "Bad", contactPersonEmail: "not-an-address" },
    });
    expect(response.statusCode).toBe(400);
    expectToMatchContract("createOrUpdateCustomer", response);
    expect(response.json().errors[0].path).toBe("contactPersonEmail");
  });

  it("refuses a phone number or country the domain does not accept, naming the field", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/customer/create_or_update",
      headers: bearer(adminToken),
      payload: { name: "Bad", contactPersonPhone: "call me", country: "US" },
    });
    expect(response.statusCode).toBe(400);
    expectToMatchContract("createOrUpdateCustomer", response);
    expect(response.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(["contactPersonPhone", "country"]);
  });

  it("answers 404 for an id that is not a customer id, never 500", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/customer?_id=garbage", headers: bearer(adminToken) });
    expect(response.statusCode).toBe(404);
    expectToMatchContract("getCustomer", response);
  });

  it("customer_has_configuration says whether the customer has one", async () => {
    const customerId = await ctx.createCustomer("Empty");
    const before = await ctx.app.inject({ method: "GET", url: `/api/customer_has_configuration?_id=${customerId}`, headers: bearer(adminToken) });
    expectToMatchContract("customerHasConfiguration", before);
    expect(before.json().data).toBe(false);
    await createConfiguration(ctx.database.db, customerId, "first");
    const after = await ctx.app.inject({ method: "GET", url: `/api/customer_has_configuration?_id=${customerId}`, headers: bearer(adminToken) });
    expect(after.json().data).toBe(true);
  });

  it("self-onboarding create links the customer to the user and answers a token carrying the customer id", async () => {
    const { user, token } = await ctx.createUser({ role: "customer_so" });
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/customer/self_onboarding_create",
      headers: bearer(token),
      payload: { name: "My Shop", language: "nl" },
    });
    expect(response.statusCode).toBe(200);
    expectToMatchContract("selfOnboardingCreateCustomer", response);
    const body = response.json();
    expect(body.inserted_id).toBe(body.updated_customer._id);

    const check = await ctx.app.inject({ method: "POST", url: "/api/validate-token", headers: bearer(body.token), payload: { token: body.token } });
    expect(check.json().payload).toMatchObject({ id: user.id, customerId: body.inserted_id });

    const again = await ctx.app.inject({
      method: "POST",
      url: "/api/customer/self_onboarding_create",
      headers: bearer(body.token),
      payload: { name: "My Shop", city: "Delft" },
    });
    expectToMatchContract("selfOnboardingCreateCustomer", again);
    expect(again.json()).toMatchObject({ updated_id: body.inserted_id, inserted_id: null });
    const count = await ctx.database.db.query("SELECT 1 FROM customers WHERE name = 'My Shop'");
    expect(count).toHaveLength(1);
  });

  it("self-onboarding create sent several times at once creates one customer, the user's", async () => {
    const { user, token } = await ctx.createUser({ role: "customer_so" });
    const send = () =>
      ctx.app.inject({ method: "POST", url: "/api/customer/self_onboarding_create", headers: bearer(token), payload: { name: "Twin Shop" } });
    const responses = await Promise.all([send(), send(), send(), send()]);
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expectToMatchContract("selfOnboardingCreateCustomer", response);
    }
    const customers = await ctx.database.db.query<{ id: string }>("SELECT id FROM customers WHERE name = 'Twin Shop'");
    expect(customers).toHaveLength(1);
    const linked = await ctx.database.db.query<{ customer_id: string }>("SELECT customer_id FROM users WHERE id = $1", [user.id]);
    expect(linked[0]!.customer_id).toBe(customers[0]!.id);
    expect(responses.filter((response) => response.json().inserted_id !== null)).toHaveLength(1);
  });

  it("delete removes the customer with its users and configurations", async () => {
    const customerId = await ctx.createCustomer("Doomed");
    const { token } = await ctx.createUser({ role: "customer", customerId });
    await createConfiguration(ctx.database.db, customerId, "doomed-config");
    const response = await ctx.app.inject({ method: "DELETE", url: `/api/customers/${customerId}`, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expectToMatchContract("deleteCustomer", response);
    expect(await ctx.database.db.query("SELECT 1 FROM configurations WHERE customer_id = $1", [customerId])).toHaveLength(0);
    const refused = await ctx.app.inject({ method: "GET", url: "/api/customers", headers: bearer(token) });
    expect(refused.statusCode).toBe(401);
    const gone = await ctx.app.inject({ method: "DELETE", url: `/api/customers/${customerId}`, headers: bearer(adminToken) });
    expect(gone.statusCode).toBe(404);
  });
});

describe("users", () => {
  it("lists users with their customer's name; admins add and update users, deactivated users are refused", async () => {
    const customerId = await ctx.createCustomer("Users Inc");
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/users/add_or_update",
      headers: bearer(adminToken),
      payload: {
        customerId,
        username: "worker@users.test",
        email: "worker@users.test",
        firstname: "Wim",
        lastname: "Worker",
        password: "Worker-pass1!",
        role: "customer",
      },
    });
    expect(created.statusCode).toBe(200);
    expectToMatchContract("addOrUpdateUser", created);
    const user = created.json().data;
    expect(user).toMatchObject({ customerId, role: "customer", status: "active" });

    const list = await ctx.app.inject({ method: "GET", url: "/api/users", headers: bearer(adminToken) });
    expectToMatchContract("listUsers", list);
    expect(list.json().data.find((u: { id: string }) => u.id === user.id)).toMatchObject({ customerName: "Users Inc" });

    const login = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { username: "worker@users.test", password: "Worker-pass1!" } });
    const workerToken = login.json().token as string;

    const deactivated = await ctx.app.inject({
      method: "POST",
      url: "/api/users/add_or_update",
      headers: bearer(adminToken),
      payload: { id: user.id, customerId, username: user.username, email: user.email, firstname: "Wim", lastname: "Worker", role: "customer", status: "inactive" },
    });
    expectToMatchContract("addOrUpdateUser", deactivated);
    expect(deactivated.json().data.status).toBe("inactive");
    const refused = await ctx.app.inject({ method: "GET", url: "/api/users", headers: bearer(workerToken) });
    expect(refused.statusCode).toBe(401);
  });

  it("answers 404, never 500, to a user or configuration added to a customer deleted at the same time", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) {
      const customerId = await ctx.createCustomer(`Vanishing ${round}`);
      const send = (url: string, payload: object) => ctx.app.inject({ method: "POST", url, headers: bearer(adminToken), payload });
      const [removed, user, configuration] = await Promise.all([
        ctx.app.inject({ method: "DELETE", url: `/api/customers/${customerId}`, headers: bearer(adminToken) }),
        send("/api/users/add_or_update", { customerId, username: `late${round}@vanishing.test`, email: `late${round}@vanishing.test`, firstname: "A", lastname: "B", password: "Good-pass1!", role: "customer" }),
        send("/api/configuration/create_or_update", { name: `late-${round}`, customerId }),
      ]);
      expect(removed.statusCode).toBe(200);
      for (const [operationId, response] of [["addOrUpdateUser", user], ["createOrUpdateConfiguration", configuration]] as const) {
        expectToMatchContract(operationId, response);
        statuses.push(response.statusCode);
        if (response.statusCode === 404) expect(response.json().message).toBe("No such customer");
      }
    }
    expect(statuses.filter((status) => status !== 200 && status !== 404)).toEqual([]);
  });

  it("refuses to let a user deactivate themselves or change their own role (400), so no admin locks themselves out", async () => {
    const { user, token } = await ctx.createUser({ role: "admin" });
    const own = { id: user.id, username: user.email, email: user.email, firstname: "Ada", lastname: "Self", role: "admin" };
    const send = (payload: object) => ctx.app.inject({ method: "POST", url: "/api/users/add_or_update", headers: bearer(token), payload });
    const deactivated = await send({ ...own, status: "inactive" });
    expect(deactivated.statusCode).toBe(400);
    expectToMatchContract("addOrUpdateUser", deactivated);
    expect(deactivated.json()).toMatchObject({ message: "You cannot deactivate your own account", errors: [{ path: "status" }] });
    const demoted = await send({ ...own, role: "customer" });
    expect(demoted.statusCode).toBe(400);
    expect(demoted.json()).toMatchObject({ message: "You cannot change your own role", errors: [{ path: "role" }] });
    // Still signed in as an active admin; the own name still changes.
    const renamed = await send({ ...own, firstname: "Adaline", status: "active" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ firstname: "Adaline", role: "admin", status: "active" });
    // Another admin may still deactivate this one.
    expect((await ctx.app.inject({ method: "POST", url: "/api/users/add_or_update", headers: bearer(adminToken), payload: { ...own, status: "inactive" } })).statusCode).toBe(200);
  });

  it("refuses a customer's user without a customer (400 at customerId), and keeps an admin without one", async () => {
    const send = (payload: object) => ctx.app.inject({ method: "POST", url: "/api/users/add_or_update", headers: bearer(adminToken), payload });
    const orphan = { username: "orphan@x.test", email: "orphan@x.test", firstname: "O", lastname: "Rphan", password: "Good-pass1!" };
    for (const role of ["customer", "customer_so"]) {
      const refused = await send({ ...orphan, role });
      expect(refused.statusCode).toBe(400);
      expectToMatchContract("addOrUpdateUser", refused);
      expect(refused.json().errors).toEqual([{ path: "customerId", message: "Choose the customer this user belongs to" }]);
    }
    expect((await send({ ...orphan, role: "admin" })).statusCode).toBe(200);
  });

  it("refuses a duplicate address with 409 and a customer giving the admin role with 403", async () => {
    const customerId = await ctx.createCustomer("Dupes");
    const { user, token } = await ctx.createUser({ role: "customer", customerId });
    const duplicate = await ctx.app.inject({
      method: "POST",
      url: "/api/users/add_or_update",
      headers: bearer(adminToken),
      payload: { username: user.email, email: user.email, firstname: "A", lastname: "B", password: "Good-pass1!", role: "customer", customerId },
    });
    expect(duplicate.statusCode).toBe(409);
    expectToMatchContract("addOrUpdateUser", duplicate);
    // Said to the admin adding the user, not to the address's owner.
    const taken = "Another user already has this e-mail address";
    expect(duplicate.json()).toMatchObject({ code: "account_exists", message: taken, errors: [{ path: "email", message: taken }] });
    const escalate = await ctx.app.inject({
      method: "POST",
      url: "/api/users/add_or_update",
      headers: bearer(token),
      payload: { username: "boss@dupes.test", email: "boss@dupes.test", firstname: "A", lastname: "B", password: "Good-pass1!", role: "admin" },
    });
    expect(escalate.statusCode).toBe(403);
    expectToMatchContract("addOrUpdateUser", escalate);
    // Nor a self-service user, who could create the assistants a customer may not.
    const selfService = { username: "so@dupes.test", email: "so@dupes.test", firstname: "A", lastname: "B", password: "Good-pass1!", role: "customer_so" };
    const sideways = await ctx.app.inject({ method: "POST", url: "/api/users/add_or_update", headers: bearer(token), payload: selfService });
    expect(sideways.statusCode).toBe(403);
    expectToMatchContract("addOrUpdateUser", sideways);
    const colleague = await ctx.app.inject({ method: "POST", url: "/api/users/add_or_update", headers: bearer(token), payload: { ...selfService, role: "customer" } });
    expect(colleague.statusCode).toBe(200);
    expect(colleague.json().data).toMatchObject({ role: "customer", customerId });
    const promoted = await ctx.app.inject({ method: "POST", url: "/api/users/add_or_update", headers: bearer(token), payload: { ...selfService, id: colleague.json().data.id, role: "customer_so" } });
    expect(promoted.statusCode).toBe(403);
    // A user the admin made self-service keeps that role when the customer changes their name.
    const { user: adminMade } = await ctx.createUser({ role: "customer_so", customerId });
    const renamed = await ctx.app.inject({
      method: "POST",
      url: "/api/users/add_or_update",
      headers: bearer(token),
      payload: { id: adminMade.id, username: adminMade.email, email: adminMade.email, firstname: "Renamed", lastname: "B", role: "customer_so" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("gives an address to one user when requests add it at once or change two users to it: 409 for the others, never 500", async () => {
    const customerId = await ctx.createCustomer("Racers");
    const add = (email: string) => ({ username: email, email, firstname: "A", lastname: "B", password: "Good-pass1!", role: "customer", customerId });
    const send = (payload: object) => ctx.app.inject({ method: "POST", url: "/api/users/add_or_update", headers: bearer(adminToken), payload });
    const added = await Promise.all(Array.from({ length: 4 }, () => send(add("twin@racers.test"))));
    for (const response of added) expectToMatchContract("addOrUpdateUser", response);
    expect(added.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);

    const first = (await send(add("first@racers.test"))).json().data;
    const second = (await send(add("second@racers.test"))).json().data;
    const renamed = await Promise.all([first, second].map((user) => send({ ...add("renamed@racers.test"), id: user.id, password: undefined })));
    for (const response of renamed) expectToMatchContract("addOrUpdateUser", response);
    expect(renamed.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.database.db.query("SELECT email FROM users WHERE email IN ('twin@racers.test', 'renamed@racers.test')");
    expect(rows).toHaveLength(2);
  });

  it("refuses names of spaces only (400 naming each, nothing stored), on add and on change", async () => {
    const customerId = await ctx.createCustomer("Blank Names");
    const send = (payload: object) => ctx.app.inject({ method: "POST", url: "/api/users/add_or_update", headers: bearer(adminToken), payload });
    const named = { username: "named@blank.test", email: "named@blank.test", firstname: "Nora", lastname: "Named", password: "Good-pass1!", role: "customer", customerId };
    const added = await send({ ...named, firstname: "  ", lastname: "\t" });
    expect(added.statusCode).toBe(400);
    expectToMatchContract("addOrUpdateUser", added);
    expect(added.json().errors).toEqual([
      { path: "firstname", message: "This field is required" },
      { path: "lastname", message: "This field is required" },
    ]);
    expect(await ctx.database.db.query("SELECT id FROM users WHERE email = 'named@blank.test'")).toHaveLength(0);

    const user = (await send(named)).json().data;
    const changed = await send({ ...named, id: user.id, password: undefined, username: "   " });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors).toEqual([{ path: "username", message: "This field is required" }]);
    const [row] = await ctx.database.db.query<{ username: string; firstname: string }>("SELECT username, firstname FROM users WHERE id = $1", [user.id]);
    expect(row).toEqual({ username: "named@blank.test", firstname: "Nora" });
  });

  it("a new user needs a password", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/users/add_or_update",
      headers: bearer(adminToken),
      payload: { username: "nopass@x.test", email: "nopass@x.test", firstname: "A", lastname: "B", role: "admin" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: "password", message: "This field is required" }]);
  });
});
