/**
 * The socket contract (openapi/asyncapi.yaml, bundled): every payload a socket sends us is checked against
 * its message's schema before a handler sees it, as HTTP bodies are against the OpenAPI contract; tests
 * check what we send the same way.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";
import { DomainError, errorMessages, type ErrorCode } from "@parley/domain";
import { maxReportedFields, validationFields, validationSummary } from "../http/problem";
import { unsafeTextMessage, unsafeTextPaths } from "../http/request-text";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface AsyncApiDocument {
  components: { messages: Record<string, { name: string; payload: unknown }> };
}

let document: AsyncApiDocument | undefined;

export function loadSocketContract(): AsyncApiDocument {
  if (!document) {
    const require = createRequire(import.meta.url);
    document = parse(readFileSync(require.resolve("@parley/openapi/asyncapi.yaml"), "utf8")) as AsyncApiDocument;
  }
  return document;
}

export interface PayloadCheck {
  /**
   * Why the payload is not the message's, or null when it is: its first field at fault and the words an HTTP
   * call's 400 says of it (`message: Use at most 4000 characters`, `message: This field is required`, nested
   * fields dotted as `message.role`); the payload itself, when not an object, is named `payload`.
   */
  (payload: unknown): string | null;
}

let ajv: Ajv2020 | undefined;
const checks = new Map<string, PayloadCheck>();

/** The check of one message of `components.messages` (by its key there, such as `visitorMessage`). */
export function payloadCheck(messageKey: string): PayloadCheck {
  let check = checks.get(messageKey);
  if (check) return check;
  const contract = loadSocketContract();
  if (!contract.components.messages[messageKey]) throw new Error(`the socket contract has no message ${messageKey}`);
  if (!ajv) {
    // The whole document is added once, so payloads' references to components resolve inside it. Every
    // failure is reported, as for HTTP, so that a value fitting no branch of a oneOf is told what it may be.
    ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema(contract as object, "asyncapi");
  }
  const validate: ValidateFunction = ajv.compile({ $ref: `asyncapi#/components/messages/${messageKey}/payload` });
  check = (payload) => {
    if (validate(payload)) return null;
    // A payload within the sockets' 64 kB can still hold thousands of failures; the first few are enough, as for HTTP.
    return validationSummary(validationFields((validate.errors ?? []).slice(0, maxReportedFields)), "payload");
  };
  checks.set(messageKey, check);
  return check;
}

/**
 * Why a payload cannot be taken although it fits its schema, as the HTTP calls refuse it: text with a NUL or an
 * unpaired surrogate (which PostgreSQL cannot store), named by its field (`session_id: Contains a character…`).
 */
export function unsafeTextProblem(payload: unknown): string | null {
  const [path] = unsafeTextPaths(payload);
  return path === undefined ? null : `${path || "payload"}: ${unsafeTextMessage}`;
}

/** A failure as the sockets answer it (`SocketError` of the AsyncAPI): the same code and message as an HTTP problem. */
export interface SocketError {
  status: "error";
  code: ErrorCode;
  message: string;
  configuration_id?: string;
}

export function socketError(error: unknown): SocketError {
  if (error instanceof DomainError) return { status: "error", code: error.code, message: error.message };
  return { status: "error", code: "unexpected_error", message: errorMessages.unexpected_error };
}

/**
 * Answers an event the socket does not receive, sent with an acknowledgement, with `validation_failed` naming the
 * events it does (`received`, read at each event, so a namespace may add its handlers after this), so that the
 * client's callback does not wait for ever. socket.io hands a listener of any event the callback last.
 */
export function answerUnknownEvents(socket: { onAny(listener: (event: string, ...args: unknown[]) => void): unknown }, received: readonly string[]): void {
  socket.onAny((event, ...args) => {
    const ack = args.at(-1);
    if (typeof ack !== "function" || received.includes(event)) return;
    const refusal: SocketError = { status: "error", code: "validation_failed", message: `event: must be one of: ${received.join(", ")}` };
    (ack as (reply: SocketError) => void)(refusal);
  });
}

/**
 * The error a namespace's middleware refuses a connection with: its message is the code (the client's
 * `connect_error`), its `data` the whole `SocketError`. An unexpected failure is logged first.
 */
export function connectionRefusal(error: unknown, logUnexpected: (error: unknown) => void): Error {
  const refusal = socketError(error);
  if (refusal.code === "unexpected_error") logUnexpected(error);
  return Object.assign(new Error(refusal.code), { data: refusal });
}
