import { DomainError } from "@parley/domain";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from "fastify";
import type { ValidateFunction } from "ajv";
import type { OperationTable } from "./contract-types";
import {
  createContractAjv,
  deref,
  listOperations,
  ownField,
  portableSchema,
  type ContractOperation,
  type JsonSchema,
  type OpenApiDocument,
  type ResponseObject,
  type TenantReference,
} from "./contract";
import { isId } from "../ids";
import { readMultipartBody, type MultipartLimits } from "./multipart";
import { maxReportedFields } from "./problem";
import { refuseUnsafeText } from "./request-text";

import type { Role } from "@parley/domain/roles";

export type { Role };

/** Who is calling, established from a valid bearer token on every protected operation. */
export interface Caller {
  userId: string;
  role: Role;
  customerId: string | null;
  email: string;
  language: string;
}

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
    /** The object named by the operation's `x-tenant`, loaded within the caller's scope. */
    tenant: { kind: string; value: unknown } | null;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}

export type { OperationDefinition, OperationHandler, OperationTable } from "./contract-types";

/** A handler as the registrar runs it, whatever its operation. */
type AnyOperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
interface AnyOperationDefinition {
  handler: AnyOperationHandler;
  preHandler?: preHandlerHookHandler[];
  preValidation?: preValidationHookHandler[];
  bodyLimit?: number;
}

/**
 * The most bytes a JSON body of an operation anyone may call (sign-in, registration, the widget's
 * messages) may have: the largest of them, a 4,000-character widget message written as JSON escapes, is
 * about 25 kB. Anyone can send such a body without an account, and parsing 5 MB of it (the app's limit,
 * for a signed-in customer's FAQ) holds the server for a tenth of a second or more; 64 kB cannot.
 */
export const publicJsonBodyMaxBytes = 64 * 1024;

export interface RegisterOperationsOptions {
  document: OpenApiDocument;
  operations: OperationTable;
  /** Resolves a bearer token to its caller; null when the token is invalid, expired or revoked. */
  authenticate: (token: string) => Promise<Caller | null>;
  /** Rate-limit hooks per operationId, run before anything else (keyed by address). */
  onRequest?: Record<string, onRequestHookHandler[]>;
  /**
   * Loads a tenant object by kind (`x-tenant`) as the caller may see it; `undefined` when it does not
   * exist or belongs to another tenant. Every kind the contract names must be here.
   */
  tenants?: Record<string, (caller: Caller, id: string) => Promise<unknown>>;
  /**
   * Loads what a public operation (`security: []`) names by kind, for anyone: a configuration the widget on
   * a customer's website shows. Only public operations may name these kinds, and they no other.
   */
  publicTenants?: Record<string, (id: string) => Promise<unknown>>;
  /** The limits `multipart/form-data` bodies are read with (the operations that take one). */
  multipartLimits: MultipartLimits;
}

export interface RegisteredOperation {
  operationId: string;
  method: string;
  url: string;
  requiresAuth: boolean;
}

function objectSchema(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

function routeSchema(op: ContractOperation): FastifySchema & { "x-optional-body"?: boolean } {
  const schema: FastifySchema = {};
  const groups = { query: {}, path: {}, header: {} } as Record<"query" | "path" | "header", Record<string, JsonSchema>>;
  const required = { query: [], path: [], header: [] } as Record<"query" | "path" | "header", string[]>;
  for (const parameter of op.parameters) {
    if (parameter.in === "cookie") continue;
    const name = parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name;
    groups[parameter.in][name] = portableSchema(parameter.schema ?? {});
    if (parameter.required || parameter.in === "path") required[parameter.in].push(name);
  }
  if (Object.keys(groups.query).length > 0) schema.querystring = objectSchema(groups.query, required.query);
  if (Object.keys(groups.path).length > 0) schema.params = objectSchema(groups.path, required.path);
  if (Object.keys(groups.header).length > 0) schema.headers = objectSchema(groups.header, required.header);
  // One media type per operation: JSON, or a form whose parts `readMultipartBody` has put in the body.
  const body = op.requestBody?.content?.["application/json"] ?? multipartBody(op);
  if (body?.schema) {
    schema.body = op.requestBody?.required
      ? portableSchema(body.schema)
      : { ...portableSchema(body.schema), "x-optional-body": true };
  }
  return schema;
}

/** Methods whose requests may carry a body (the contract declares 413 and 415 on each of their operations). */
function carriesBody(op: ContractOperation): boolean {
  return ["post", "put", "patch", "delete"].includes(op.method);
}

/**
 * A `multipart/form-data` body sent to an operation that takes JSON (or nothing): @fastify/multipart accepts the
 * type for every route, so without this the body would be read as absent and refused as invalid (400) rather
 * than as the wrong media type.
 */
async function refuseMultipartBody(request: FastifyRequest): Promise<void> {
  if (request.isMultipart()) throw new DomainError("validation_failed", "Unsupported Media Type: multipart/form-data, expected application/json", 415);
}

function multipartBody(op: ContractOperation) {
  return op.requestBody?.content?.["multipart/form-data"];
}

/** True when no answer of the operation is text for a browser (HTML): the dev mailbox page is one. */
function answersOnlyJson(document: OpenApiDocument, op: ContractOperation): boolean {
  return Object.values(op.operation.responses ?? {}).every((response) =>
    Object.keys(deref<ResponseObject>(document, response).content ?? {}).every((mediaType) => !mediaType.startsWith("text/")),
  );
}

/**
 * The pre-handler of an operation with `x-tenant`: the one place where the object it acts on is found,
 * so that no handler can forget the tenant check. A missing, malformed or foreign id answers 404.
 */
function tenantHook(
  reference: TenantReference,
  load: { scoped: (caller: Caller, id: string) => Promise<unknown> } | { public: (id: string) => Promise<unknown> },
): preHandlerHookHandler {
  return async (request) => {
    request.tenant = null;
    const parts: Record<TenantReference["in"], unknown> = { query: request.query, path: request.params, body: request.body };
    // A dotted name reaches into a nested body object (`chatbotSettings.configuration_id`).
    const id = reference.name.split(".").reduce<unknown>((value, field) => ownField(value, field), parts[reference.in]);
    if ((id === undefined || id === null || id === "") && reference.optional) return;
    let value: unknown;
    if ("public" in load) {
      value = isId(id) ? await load.public(id.toLowerCase()) : undefined;
    } else {
      if (!request.caller) throw new DomainError("authentication_required", undefined, 401);
      // Ids are written in lower case, as the database spells them (and as caches key them).
      value = isId(id) ? await load.scoped(request.caller, id.toLowerCase()) : undefined;
    }
    if (value === undefined) throw new DomainError("not_found", undefined, 404);
    request.tenant = { kind: reference.kind, value };
  };
}

/**
 * The loader of the operation's `x-tenant` kind: a scoped kind for an operation with a caller, a public
 * kind for a public one. Any other pairing fails the start: a protected operation must never find
 * another tenant's object without a scope, and a public one has no caller to scope by.
 */
function tenantLoader(op: ContractOperation, tenant: TenantReference, options: RegisterOperationsOptions) {
  const scoped = ownField(options.tenants, tenant.kind) as ((caller: Caller, id: string) => Promise<unknown>) | undefined;
  const open = ownField(options.publicTenants, tenant.kind) as ((id: string) => Promise<unknown>) | undefined;
  if (!scoped && !open) throw new Error(`${op.operationId} acts on a ${tenant.kind}, and nothing loads one`);
  if (op.requiresAuth) {
    if (!scoped) throw new Error(`${op.operationId} needs a caller but names the public kind ${tenant.kind}`);
    return { scoped };
  }
  if (!open) throw new Error(`${op.operationId} is public but names the scoped kind ${tenant.kind}`);
  return { public: open };
}

/** The header parameters the operation declares, as Node spells header names. */
function headerNames(op: ContractOperation): string[] {
  return op.parameters.filter((parameter) => parameter.in === "header").map((parameter) => parameter.name.toLowerCase());
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Registers every operation of the contract that has a handler, under `/api` + its path, with the
 * contract's parameters and body as the route's validation schemas (Ajv 2020) and its security
 * (bearer unless `security: []`). Handlers keyed by an operationId the contract lacks fail the start.
 */
export async function registerOperations(
  app: FastifyInstance,
  options: RegisterOperationsOptions,
): Promise<RegisteredOperation[]> {
  const { document } = options;
  // Clients may send back whole objects they read (with fields only the server sets); what the input
  // schema does not list is dropped, so it is neither stored nor echoed back.
  const bodyAjv = createContractAjv(document, { removeAdditional: true });
  const parameterAjv = createContractAjv(document, { coerceTypes: "array", useDefaults: true });

  app.setValidatorCompiler(({ schema, httpPart }) => {
    const { "x-optional-body": optional, ...rest } = schema as JsonSchema & { "x-optional-body"?: boolean };
    const validate: ValidateFunction = (httpPart === "body" ? bodyAjv : parameterAjv).compile(rest);
    // Ajv reports every failure (allErrors, so that a form can mark each field): a body of a million wrong
    // items has a million, which listed, joined into Fastify's message and written out made a 90 MB answer
    // and held the server 10 s, answering no one else. Only the first few are kept.
    const cappedValidate = (data: unknown) => {
      if (optional && (data === undefined || data === null)) return true;
      const valid = validate(data);
      cappedValidate.errors = validate.errors && validate.errors.length > maxReportedFields ? validate.errors.slice(0, maxReportedFields) : validate.errors;
      return valid;
    };
    cappedValidate.errors = null as ValidateFunction["errors"];
    return cappedValidate;
  });

  const contractOperations = listOperations(document);
  const known = new Set(contractOperations.map((op) => op.operationId));
  for (const operationId of Object.keys(options.operations)) {
    if (!known.has(operationId)) throw new Error(`Handler for ${operationId}, which the contract does not have`);
  }

  const registered: RegisteredOperation[] = [];
  for (const op of contractOperations) {
    // Each handler is typed by its own operation where the table is written; here they are all alike.
    const entry = (options.operations as Record<string, AnyOperationHandler | AnyOperationDefinition | undefined>)[op.operationId];
    if (!entry) continue;
    const definition: AnyOperationDefinition = typeof entry === "function" ? { handler: entry } : entry;
    const url = "/api" + op.path.replace(/\{([^}]+)\}/g, ":$1");
    const tenant = op.operation["x-tenant"];
    const loadTenant = tenant ? tenantLoader(op, tenant, options) : undefined;
    const formSchema = op.requestBody?.content?.["application/json"] ? undefined : multipartBody(op)?.schema;

    const authenticate: onRequestHookHandler = async (request) => {
      request.caller = null;
      const token = bearerToken(request);
      if (!op.requiresAuth) return;
      if (!token) throw new DomainError("authentication_required", undefined, 401);
      const caller = await options.authenticate(token);
      if (!caller) throw new DomainError("invalid_token", undefined, 401);
      request.caller = caller;
    };

    const publicJson = !op.requiresAuth && op.requestBody?.content?.["application/json"] !== undefined;
    const bodyLimit = definition.bodyLimit ?? (publicJson ? publicJsonBodyMaxBytes : undefined);
    app.route({
      method: op.method.toUpperCase() as "GET",
      url,
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      schema: routeSchema(op),
      config: { operationId: op.operationId, securityHeaders: answersOnlyJson(document, op) ? "api" : "page" },
      onRequest: [...(options.onRequest?.[op.operationId] ?? []), authenticate],
      preValidation: [
        ...(formSchema ? [readMultipartBody(formSchema, options.multipartLimits, !op.requestBody?.required)] : carriesBody(op) ? [refuseMultipartBody] : []),
        refuseUnsafeText(headerNames(op)),
        ...(definition.preValidation ?? []),
      ],
      preHandler: [...(definition.preHandler ?? []), ...(tenant && loadTenant ? [tenantHook(tenant, loadTenant)] : [])],
      handler: async (request, reply) => {
        const body = await definition.handler(request, reply);
        if (reply.sent) return reply;
        return body;
      },
    });
    registered.push({ operationId: op.operationId, method: op.method.toUpperCase(), url, requiresAuth: op.requiresAuth });
  }
  return registered;
}
