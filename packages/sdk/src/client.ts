import type {
  BodySerializer,
  Client,
  FetchResponse,
  HeadersOptions,
  MaybeOptionalInit,
  ParseAs,
} from "openapi-fetch";
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import type { paths } from "./generated/api";
import { publicOperations } from "./generated/publicOperations";
import type { signedInOperations } from "./generated/signedInOperations";
import { createClient, mergeHeaders } from "./openapi-fetch-interop";
import type { BaseName, OperationInfo } from "./operation-info";
import {
  clientFailures,
  failureFromBody,
  unexpectedResponseCode,
  unexpectedResponseText,
  type ApiResult,
} from "./result";
import { resolveSessionId, type SessionStorageLike } from "./session";

/** A token, or null/undefined when signed out. */
export type TokenProvider = () => string | null | undefined | Promise<string | null | undefined>;

export interface ParleyClientOptions {
  /**
   * Where the API is: one base URL for all three services (`"https://parley.example/api"`, or `"/api"` on the
   * page's own origin in a browser), or one per service when they live on different hosts. Node has no page
   * origin: give it an absolute URL.
   */
  baseUrls: string | Record<BaseName, string>;
  /** Called before every call that may carry a token; sync or async. */
  getToken?: TokenProvider;
  /** Keeps the `X-Session-Id` across page loads (key `parley.sessionId`); in memory without it. */
  storage?: SessionStorageLike | null;
  /** Defaults to `globalThis.fetch` (looked up at call time). */
  fetch?: (request: Request) => Promise<Response>;
}

// Multipart operations take `FormData`, or an object whose string fields may also be files.
type WithFiles<T> = T extends string ? T | Blob : T extends readonly (infer Item)[] ? WithFiles<Item>[] : T;
type MultipartBody<Body> = { [Field in keyof Body]: WithFiles<Body[Field]> } | FormData;
type AdaptRequestBody<RequestBody> = RequestBody extends { content: infer Content }
  ? {
      content: {
        [Media in keyof Content]: Media extends "multipart/form-data"
          ? MultipartBody<Content[Media]>
          : Content[Media];
      };
    }
  : RequestBody;
type AdaptOperation<Operation> = {
  [Key in keyof Operation]: Key extends "requestBody" ? AdaptRequestBody<Operation[Key]> : Operation[Key];
};

/** The contract's `paths` as the client accepts them (multipart bodies may carry files). */
export type ClientPaths = {
  [Path in keyof paths]: { [Method in keyof paths[Path]]: AdaptOperation<paths[Path][Method]> };
};

type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

type SuccessData<Response> = Response extends { data: infer Data } ? Data : never;
type ResultData<Response> = [SuccessData<Response>] extends [never] ? undefined : SuccessData<Response>;

/** Every call of the contract, as `METHOD /path`. */
export type OperationKey = keyof typeof publicOperations | keyof typeof signedInOperations;

// Without `parseAs`, a success is read the way the operation tables say (JSON, text or a Blob for files).
type OperationTable = typeof publicOperations & typeof signedInOperations;
type DefaultRead<
  Method extends HttpMethod,
  Path,
> = `${Uppercase<Method>} ${Path & string}` extends keyof OperationTable
  ? OperationTable[`${Uppercase<Method>} ${Path & string}`]["response"]
  : "json";
type CallData<Response, Init, Read> = Init extends { parseAs: ParseAs }
  ? ResultData<Response>
  : Read extends "blob"
    ? Blob
    : Read extends "text"
      ? string
      : ResultData<Response>;

// openapi-fetch's own constraint; `any` because absent methods are `undefined` in the generated paths.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PathsRecord = Record<string, Record<string, any>>;

/** One HTTP method: openapi-fetch's signature, answering a normalised {@link ApiResult}. */
export type ParleyMethod<Paths extends PathsRecord, Method extends HttpMethod> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<
  ApiResult<CallData<FetchResponse<Paths[Path][Method], Init, MediaType>, Init, DefaultRead<Method, Path>>>
>;

export interface ParleyHttpClient<Paths extends PathsRecord = ClientPaths> {
  GET: ParleyMethod<Paths, "get">;
  POST: ParleyMethod<Paths, "post">;
  PUT: ParleyMethod<Paths, "put">;
  PATCH: ParleyMethod<Paths, "patch">;
  DELETE: ParleyMethod<Paths, "delete">;
}

/**
 * The calls of the contract. `GET`/`POST`/... send each call to the base its operation names in the
 * contract (nearly all to the configuration server); `chatServer`, `chatbotBackend` and
 * `configurationServer` force one base.
 */
export interface ParleyClient extends ParleyHttpClient {
  readonly configurationServer: ParleyHttpClient;
  readonly chatServer: ParleyHttpClient;
  readonly chatbotBackend: ParleyHttpClient;
  /** The `X-Session-Id` sent with every call. */
  readonly sessionId: string;
}

const sessionHeader = "X-Session-Id";
const baseNames: readonly BaseName[] = ["configurationServer", "chatServer", "chatbotBackend"];
const httpMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type UpperMethod = (typeof httpMethods)[number];

const publicOperationsByKey: Readonly<Record<string, OperationInfo>> = publicOperations;

// An operation the table does not know (only reachable by casting) is treated as the strictest kind.
const unknownOperation: OperationInfo = {
  operationId: null,
  auth: "required",
  base: "configurationServer",
  requestBody: "json",
  response: "json",
};

/**
 * The calls that need a token load with the first of them, so that a page whose visitor is signed out (a
 * portal's sign-in page) does without their table. Kept once loaded; asked again after a failed load.
 */
let signedInOperationsByKey: Promise<Readonly<Record<string, OperationInfo>>> | undefined;

async function operationOf(key: string): Promise<OperationInfo> {
  const publicOperation = publicOperationsByKey[key];
  if (publicOperation) return publicOperation;
  signedInOperationsByKey ??= import("./generated/signedInOperations").then(
    (table) => table.signedInOperations,
    (error: unknown) => {
      signedInOperationsByKey = undefined;
      throw error;
    },
  );
  return (await signedInOperationsByKey)[key] ?? unknownOperation;
}

/** Marks a failure of `fetch` itself, so it is not confused with a failure of our own code. */
class NetworkFailure extends Error {
  constructor(readonly reason: unknown) {
    super("Network failure");
  }
}

/** Creates the typed client over openapi-fetch. Calls never throw for HTTP or network failures. */
export function createParleyClient(options: ParleyClientOptions): ParleyClient {
  const sessionId = resolveSessionId(options.storage);

  const sendRequest = async (request: Request): Promise<Response> => {
    const fetchImplementation = options.fetch ?? globalThis.fetch;
    try {
      return await fetchImplementation(request);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new NetworkFailure(error);
    }
  };

  const baseUrls = options.baseUrls;
  const transports = Object.fromEntries(
    baseNames.map((base) => [
      base,
      createClient<paths>({
        baseUrl: typeof baseUrls === "string" ? baseUrls : baseUrls[base],
        fetch: sendRequest,
        headers: { [sessionHeader]: sessionId },
      }),
    ]),
  ) as Record<BaseName, Client<paths>>;

  async function call(
    method: UpperMethod,
    path: string,
    init: Record<string, unknown> | undefined,
    forcedBase: BaseName | undefined,
  ): Promise<ApiResult<unknown>> {
    let operation: OperationInfo;
    try {
      operation = await operationOf(`${method} ${path}`);
    } catch {
      // The table of the calls that need a token did not load: the network is down.
      return { ...clientFailures.servicesOffline };
    }
    const callerHeaders = mergeHeaders(init?.headers as HeadersOptions | undefined);
    // A caller may carry a token the provider does not know yet (e.g. fresh from a sign-in redirect).
    const callerAuthorizes = callerHeaders.has("Authorization");
    const token = operation.auth === "none" || callerAuthorizes ? null : await options.getToken?.();
    if (operation.auth === "required" && !token && !callerAuthorizes) {
      return { ...clientFailures.authenticationRequired };
    }

    const callerParseAs = init?.parseAs as string | undefined;
    // JSON is read as text here so that a non-JSON answer becomes a failure instead of a thrown error.
    const readAsJson = (callerParseAs ?? operation.response) === "json";
    const headers = mergeHeaders(
      operation.requestBody === "form" ? { "Content-Type": "application/x-www-form-urlencoded" } : undefined,
      callerHeaders,
      token ? { Authorization: `Bearer ${token}` } : undefined,
    );
    const requestInit = {
      ...init,
      headers,
      parseAs: readAsJson ? "text" : (callerParseAs ?? operation.response),
      ...(operation.requestBody === "multipart" && !init?.bodySerializer
        ? { bodySerializer: toFormData }
        : {}),
    };

    const transport = transports[forcedBase ?? operation.base];
    let answer: { data?: unknown; error?: unknown; response: Response };
    try {
      answer = await (transport.request as (m: string, p: string, i: unknown) => Promise<typeof answer>)(
        method.toLowerCase(),
        path,
        requestInit,
      );
    } catch (error) {
      if (error instanceof NetworkFailure) return { ...clientFailures.servicesOffline };
      throw error;
    }

    const { status, ok } = answer.response;
    if (!ok) return failureFromBody(status, answer.error, answer.response.headers);
    if (!readAsJson) return { success: true, status, data: answer.data };
    const text = typeof answer.data === "string" ? answer.data : "";
    if (text.trim() === "") return { success: true, status, data: undefined };
    try {
      return { success: true, status, data: JSON.parse(text) as unknown };
    } catch {
      return { success: false, status, code: unexpectedResponseCode, error: unexpectedResponseText };
    }
  }

  const httpClient = (forcedBase?: BaseName): ParleyHttpClient =>
    Object.fromEntries(
      httpMethods.map((method) => [
        method,
        (path: string, init?: Record<string, unknown>) => call(method, path, init, forcedBase),
      ]),
    ) as unknown as ParleyHttpClient;

  return {
    ...httpClient(),
    configurationServer: httpClient("configurationServer"),
    chatServer: httpClient("chatServer"),
    chatbotBackend: httpClient("chatbotBackend"),
    sessionId,
  };
}

/** Serialises a multipart body: files as they are, lists as repeated fields, objects as JSON text. */
const toFormData: BodySerializer<unknown> = (body: unknown) => {
  if (body instanceof FormData) return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) appendField(form, name, value);
  return form;
};

function appendField(form: FormData, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendField(form, name, item);
  } else if (value instanceof Blob) {
    form.append(name, value);
  } else if (typeof value === "object") {
    form.append(name, JSON.stringify(value));
  } else {
    form.append(name, String(value));
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}
