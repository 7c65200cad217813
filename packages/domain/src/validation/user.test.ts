import { describe, expect, it } from "vitest";
import { failureText } from "./failureText.test-support";
import { userMaxLengths, userSchema } from "./user";


const user = {
  username: "ada@example.test",
  firstname: "Ada",
  lastname: "Lovelace",
  email: "ada@example.test",
  role: "customer",
  customerId: "c1",
};

describe("user schema", () => {
  it("needs a password for a new user", async () => {
    expect(await failureText(userSchema.validate(user))).toContain("This field is required");
    await expect(userSchema.validate({ ...user, password: "Demo!2345" })).resolves.toMatchObject({
      status: "active",
    });
  });

  it("keeps the password optional on update but strong when given", async () => {
    await expect(userSchema.validate({ ...user, id: "u1" })).resolves.toBeTruthy();
    expect(await failureText(userSchema.validate({ ...user, id: "u1", password: "weak" }))).toContain(
      "at least 8 characters",
    );
  });

  it("needs a customer for a customer's user, not for an admin", async () => {
    for (const role of ["customer", "customer_so"]) {
      expect(await failureText(userSchema.validate({ ...user, id: "u1", role, customerId: null }))).toContain("Choose the customer this user belongs to");
    }
    await expect(userSchema.validate({ ...user, id: "u1", role: "admin", customerId: null })).resolves.toBeTruthy();
  });

  it("accepts only known roles and statuses", async () => {
    expect(await failureText(userSchema.validate({ ...user, id: "u1", role: "agent" }))).toContain("Invalid field");
    expect(await failureText(userSchema.validate({ ...user, id: "u1", status: "deleted" }))).toContain(
      "Invalid field",
    );
    await expect(
      userSchema.validate({ ...user, id: "u1", status: "inactive", role: "admin" }),
    ).resolves.toBeTruthy();
  });

  it("needs names and a valid email", async () => {
    expect(await failureText(userSchema.validate({ ...user, id: "u1", email: "nope" }))).toContain(
      "Please enter a valid email address",
    );
    expect(await failureText(userSchema.validate({ ...user, id: "u1", lastname: "" }))).toContain(
      "This field is required",
    );
  });

  it("takes names up to the contract's length and says so beyond it", async () => {
    for (const field of ["username", "firstname", "lastname"] as const) {
      const max = userMaxLengths[field];
      await expect(userSchema.validate({ ...user, id: "u1", [field]: "x".repeat(max) }), field).resolves.toBeTruthy();
      expect(await failureText(userSchema.validate({ ...user, id: "u1", [field]: "x".repeat(max + 1) })), field).toContain(`Use at most ${max} characters`);
    }
  });
});
