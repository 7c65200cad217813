import { ValidationError } from "yup";
import { validationText } from "./messages";

/** The English texts a failed validation answers (the schemas fail with keys; the server sends these texts). */
export async function failureText(validation: Promise<unknown>): Promise<string> {
  try {
    await validation;
    return "";
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.errors.map(validationText).join("\n");
  }
}
