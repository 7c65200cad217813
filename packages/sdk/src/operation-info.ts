/** The three services of the spec; each has its own base URL so they can live on different hosts. */
export type BaseName = "configurationServer" | "chatServer" | "chatbotBackend";

/**
 * What the client needs to know about one operation of the contract, generated into
 * `generated/operations.ts` by `scripts/generate-operations.mjs`.
 */
export interface OperationInfo {
  readonly operationId: string | null;
  /** `none`: public (`security: []`); `optional`: sent with a token when there is one. */
  readonly auth: "required" | "optional" | "none";
  readonly base: BaseName;
  readonly requestBody: "none" | "json" | "multipart" | "form" | "text" | "binary";
  /** How the success answer is read when the caller does not choose `parseAs`. */
  readonly response: "json" | "text" | "blob";
}
