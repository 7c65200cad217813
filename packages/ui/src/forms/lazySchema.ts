import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from "formik";

type Schema = Parameters<typeof validateYupSchema>[1];

/**
 * A formik `validate` that checks with a domain yup schema loaded on first use, for forms on the first
 * route (the sign-in page): formik's own `validationSchema` check, without yup on the page's first load.
 */
export function lazySchemaValidation<Values extends FormikValues>(loadSchema: () => Promise<Schema>): (values: Values) => Promise<FormikErrors<Values>> {
  let schema: Promise<Schema> | undefined;
  return async (values) => {
    try {
      await validateYupSchema(values, await (schema ??= loadSchema()));
      return {};
    } catch (error) {
      if (error instanceof Error && error.name === "ValidationError") return yupToFormErrors(error);
      throw error;
    }
  };
}
