import * as openapiFetch from "openapi-fetch";

type CreateClient = typeof openapiFetch.default;

// openapi-fetch's CommonJS build sets `exports.default`, and our CommonJS bundle imports it the way Node
// does (default = the whole `module.exports`), so there `default` is one level deeper than under ESM.
const candidate: unknown = openapiFetch.default;

export const createClient: CreateClient =
  typeof candidate === "function"
    ? (candidate as CreateClient)
    : (candidate as { default: CreateClient }).default;

export const mergeHeaders = openapiFetch.mergeHeaders;
