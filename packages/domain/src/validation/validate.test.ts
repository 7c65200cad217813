import { describe, expect, it } from "vitest";
import { number, object, string } from "yup";
import { DomainError } from "../errors";
import { validateOrThrow, validateOrThrowSync } from "./validate";

const schema = object({
  name: string().required("This field is required"),
  age: number().typeError("Invalid field"),
});

describe("validateOrThrow", () => {
  it("answers the cast value", async () => {
    await expect(validateOrThrow(schema, { name: "Ada", age: "36" })).resolves.toEqual({
      name: "Ada",
      age: 36,
    });
    expect(validateOrThrowSync(schema, { name: "Ada" })).toEqual({ name: "Ada" });
  });

  it("throws validation_failed with every field", async () => {
    const error = await validateOrThrow(schema, { age: "old" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: "validation_failed",
      status: 400,
      message: "This field is required",
      fields: [
        { path: "name", message: "This field is required" },
        { path: "age", message: "Invalid field" },
      ],
    });
    expect(() => validateOrThrowSync(schema, {})).toThrow(DomainError);
  });

  it("gives a whole-object failure the empty path", () => {
    const picky = object({}).test("never", "Please fill in all fields", () => false);
    expect(() => validateOrThrowSync(picky, {})).toThrow(
      expect.objectContaining({ fields: [{ path: "", message: "Please fill in all fields" }] }),
    );
  });
});
