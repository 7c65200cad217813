import { describe, expect, it } from "vitest";
import { toUserFormValues, toUserInput } from "./form";

describe("user form values", () => {
  it("sends the e-mail address as sign-in name and leaves an empty password out", () => {
    const input = toUserInput({ ...toUserFormValues(null), firstname: " Eva ", lastname: "Jansen", email: " eva@shop.test ", role: "customer", customerId: "c1" });
    expect(input).toEqual({
      firstname: "Eva",
      lastname: "Jansen",
      email: "eva@shop.test",
      username: "eva@shop.test",
      role: "customer",
      customerId: "c1",
      status: "active",
      forceRefreshPassword: false,
    });
  });

  it("puts an admin in no customer and sends a new password and the id of an existing user", () => {
    const input = toUserInput({ ...toUserFormValues(null), id: "u1", email: "a@p.test", role: "admin", customerId: "c1", password: "Good-pass1!" });
    expect(input).toMatchObject({ id: "u1", customerId: null, password: "Good-pass1!" });
  });
});
