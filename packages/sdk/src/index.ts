export {
  createParleyClient,
  type ClientPaths,
  type OperationKey,
  type ParleyClient,
  type ParleyClientOptions,
  type ParleyHttpClient,
  type ParleyMethod,
  type TokenProvider,
} from "./client";
export { retryAfterSecondsOf, type ApiFailure, type ApiResult, type ApiSuccess, type ErrorCode, type FieldError } from "./result";
export { sessionIdStorageKey, type SessionStorageLike } from "./session";
export type { BaseName, OperationInfo } from "./operation-info";
export type { components, operations, paths } from "./generated/api";
export {
  createLiveSocket,
  LiveSocketError,
  type LiveConnectionState,
  type LiveSocket,
  type LiveSocketErrorCode,
  type LiveSocketOptions,
} from "./live-socket";
export * from "./live-events";
export { createChatSocket, type ChatSocket, type ChatSocketOptions } from "./chat-socket";
export * from "./chat-events";

import type { components } from "./generated/api";

/** A schema of the contract by name: `Schemas["Customer"]`. */
export type Schemas = components["schemas"];
