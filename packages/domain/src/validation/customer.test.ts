import { describe, expect, it } from "vitest";
import { failureText } from "./failureText.test-support";
import { DomainError } from "../errors";
import { isAddressComplete, missingAddressFields } from "../address";
import { assertCustomerDetailsComplete, customerAddressSchema, customerMaxLengths, customerSchema } from "./customer";


const address = { street: "Main", houseNumber: "1", postalCode: "1234 AB", city: "Utrecht", country: "NL" };

describe("address completeness", () => {
  it("is complete with all five fields", () => {
    expect(isAddressComplete(address)).toBe(true);
  });

  it.each(["street", "houseNumber", "postalCode", "city", "country"] as const)(
    "is incomplete without %s",
    (field) => {
      expect(isAddressComplete({ ...address, [field]: "  " })).toBe(false);
      expect(isAddressComplete({ ...address, [field]: null })).toBe(false);
      expect(missingAddressFields({ ...address, [field]: undefined })).toEqual([field]);
    },
  );

  it("is incomplete for no customer", () => {
    expect(isAddressComplete(null)).toBe(false);
  });

  it("blocks subscription actions with customer_details_incomplete", () => {
    expect(() => assertCustomerDetailsComplete(address)).not.toThrow();
    try {
      assertCustomerDetailsComplete({ ...address, city: "" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("customer_details_incomplete");
      expect((error as DomainError).message).toBe("Please complete your customer details first");
      expect((error as DomainError).fields).toEqual([{ path: "city", message: "This field is required" }]);
    }
  });
});

describe("customer schema", () => {
  it("needs a name and accepts the rest empty", async () => {
    await expect(
      customerSchema.validate({ name: "Bakery", country: "", contactPersonEmail: "" }),
    ).resolves.toMatchObject({
      name: "Bakery",
      country: null,
    });
    expect(await failureText(customerSchema.validate({ name: "" }))).toContain("This field is required");
  });

  it("checks email, country and language when given", async () => {
    expect(await failureText(customerSchema.validate({ name: "B", contactPersonEmail: "x" }))).toContain(
      "Please enter a valid email address",
    );
    expect(await failureText(customerSchema.validate({ name: "B", country: "US" }))).toContain("Invalid field");
    expect(await failureText(customerSchema.validate({ name: "B", language: "ar" }))).toContain("Invalid field");
    await expect(customerSchema.validate({ name: "B", country: "BE", language: "fr" })).resolves.toBeTruthy();
  });

  it("checks the phone number when given", async () => {
    for (const phone of ["+31 20 123 4567", "020-1234567", "(030) 12.34.56", ""]) {
      await expect(customerSchema.validate({ name: "B", contactPersonPhone: phone })).resolves.toBeTruthy();
    }
    for (const phone of ["call me", "12345", "+31 20 123 4567 8901 2"]) {
      expect(await failureText(customerSchema.validate({ name: "B", contactPersonPhone: phone }))).toContain(
        "Please enter a valid phone number",
      );
    }
  });

  it("takes house numbers and postal codes as addresses write them, not punctuation", async () => {
    for (const houseNumber of ["12", "12a", "12-14", "3/1", "s/n", ""]) {
      await expect(customerSchema.validate({ name: "B", houseNumber }), houseNumber).resolves.toBeTruthy();
    }
    for (const postalCode of ["1011 AB", "1011AB", "SW1A 1AA", "12345-6789", "D02 X285", "L-1234", "75001", ""]) {
      await expect(customerSchema.validate({ name: "B", postalCode }), postalCode).resolves.toBeTruthy();
    }
    for (const houseNumber of ["-5", "!!!!", "#12"]) {
      expect(await failureText(customerSchema.validate({ name: "B", houseNumber }))).toContain("Enter a house number starting with a digit or letter");
    }
    for (const postalCode of ["!!!!", "-1234", "1011_AB", "10/11"]) {
      expect(await failureText(customerSchema.validate({ name: "B", postalCode }))).toContain("Enter a postal code of letters, digits");
    }
  });

  it("takes each text up to the contract's length and says so beyond it", async () => {
    for (const [field, max] of Object.entries(customerMaxLengths)) {
      // An e-mail address or phone number of the full length is made of what those fields accept.
      const text = (length: number) =>
        field === "contactPersonEmail" ? `${"a".repeat(length - "@example.test".length)}@example.test` : field === "contactPersonPhone" ? `+${" ".repeat(length - 11)}3120123456` : "x".repeat(length);
      await expect(customerSchema.validate({ name: "B", [field]: text(max) }), field).resolves.toBeTruthy();
      expect(await failureText(customerSchema.validate({ name: "B", [field]: text(max + 1) })), field).toContain(`Use at most ${max} characters`);
    }
  });

  it("requires the full address before subscribing", async () => {
    await expect(customerAddressSchema.validate(address)).resolves.toEqual(address);
    expect(await failureText(customerAddressSchema.validate({ ...address, postalCode: " " }))).toContain(
      "This field is required",
    );
  });
});
