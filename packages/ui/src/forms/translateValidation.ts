import { describeValidationMessage } from "@parley/domain/validation/messages";
import type { TFunction } from "i18next";

/** Turns a yup (or server) validation text into the reader's language; unknown texts pass unchanged. */
export function translateValidation(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const described = describeValidationMessage(message);
  return described ? t(`validation.${described.key}`, described.values) : message;
}
