import type { ValidationError } from "yup";

interface Schema {
  validate: (value: unknown, options: { abortEarly: boolean }) => Promise<unknown>;
}

/**
 * Checks flat form values against a yup schema the way formik's validationSchema does (an empty text
 * counts as missing; the first message per field wins) and answers the messages by field. Takes the
 * schema, so the caller decides when yup loads.
 */
export async function yupMessages<Values extends Record<string, string>>(
  schema: Schema,
  values: Values,
): Promise<Partial<Record<keyof Values & string, string>>> {
  const prepared = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === "" ? undefined : value]));
  try {
    await schema.validate(prepared, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof Error) || error.name !== "ValidationError") throw error;
    const validationError = error as ValidationError;
    const messages: Partial<Record<string, string>> = {};
    for (const issue of validationError.inner.length > 0 ? validationError.inner : [validationError]) {
      if (issue.path && messages[issue.path] === undefined) messages[issue.path] = issue.message;
    }
    return messages as Partial<Record<keyof Values & string, string>>;
  }
}
