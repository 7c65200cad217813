/**
 * Runs a yup schema the way the server needs it: every failure collected, answered as a
 * `validation_failed` DomainError with field paths (the problem body's `errors`).
 */
import { ValidationError, type AnySchema, type InferType } from "yup";
import { DomainError } from "../errors";
import { validationText } from "./messages";

export interface FieldError {
  path: string;
  message: string;
}

/** Yup's failures as field errors; a failure of the whole object gets the path "". */
export function fieldErrorsOf(error: ValidationError): FieldError[] {
  const failures = error.inner.length > 0 ? error.inner : [error];
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  for (const failure of failures) {
    // The schemas fail with issues (keys); a problem body carries their English text.
    for (const message of failure.errors.map(validationText)) {
      const field = { path: failure.path ?? "", message };
      const key = `${field.path}\u0000${field.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      fields.push(field);
    }
  }
  return fields;
}

/** The cast, valid value; throws a `validation_failed` DomainError listing every field problem. */
export async function validateOrThrow<S extends AnySchema>(schema: S, value: unknown): Promise<InferType<S>> {
  try {
    return (await schema.validate(value, { abortEarly: false })) as InferType<S>;
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields = fieldErrorsOf(error);
      throw new DomainError("validation_failed", fields[0]?.message, 400, fields);
    }
    throw error;
  }
}

/** The same, synchronously (for schemas without async tests). */
export function validateOrThrowSync<S extends AnySchema>(schema: S, value: unknown): InferType<S> {
  try {
    return schema.validateSync(value, { abortEarly: false }) as InferType<S>;
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields = fieldErrorsOf(error);
      throw new DomainError("validation_failed", fields[0]?.message, 400, fields);
    }
    throw error;
  }
}
