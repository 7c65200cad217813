import { describe, expect, it } from "vitest";
import { userSchema } from "./user";

const user = {
  username: "ada@example.test",
  firstname: "Ada",
  lastname: "Lovelace",
  email: "ada@example.test",
  role: "customer",
};

describe("user schema", () => {
  it("needs a password for a new user", async () => {
    await expect(userSchema.validate(user)).rejects.toThrow("This field is required");
    await expect(userSchema.validate({ ...user, password: "Demo!2345" })).resolves.toMatchObject({
      status: "active",
    });
  });

  it("keeps the password optional on update but strong when given", async () => {
    await expect(userSchema.validate({ ...user, id: "u1" })).resolves.toBeTruthy();
    await expect(userSchema.validate({ ...user, id: "u1", password: "weak" })).rejects.toThrow(
      "at least 8 characters",
    );
  });

  it("accepts only known roles and statuses", async () => {
    await expect(userSchema.validate({ ...user, id: "u1", role: "agent" })).rejects.toThrow("Invalid field");
    await expect(userSchema.validate({ ...user, id: "u1", status: "deleted" })).rejects.toThrow(
      "Invalid field",
    );
    await expect(
      userSchema.validate({ ...user, id: "u1", status: "inactive", role: "admin" }),
    ).resolves.toBeTruthy();
  });

  it("needs names and a valid email", async () => {
    await expect(userSchema.validate({ ...user, id: "u1", email: "nope" })).rejects.toThrow(
      "Please enter a valid email address",
    );
    await expect(userSchema.validate({ ...user, id: "u1", lastname: "" })).rejects.toThrow(
      "This field is required",
    );
  });
});
