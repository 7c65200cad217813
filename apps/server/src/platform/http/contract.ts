import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

/**
 * The OpenAPI 3.1 contract (openapi/bundle/openapi.json), read at start. Its schemas are JSON Schema
 * 2020-12, so Ajv 2020 validates requests (here) and responses (in tests) against them.
 */
export type JsonSchema = Record<string, unknown>;

export interface ParameterObject {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
}

export interface RequestBodyObject {
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaTypeObject>;
}

/** `x-tenant`: the tenant object an operation acts on, and where its id is in the request. */
export interface TenantReference {
  kind: string;
  in: "query" | "path" | "body";
  name: string;
  /** Absent ids are allowed (create-or-update); present ones must still name a visible object. */
  optional?: boolean;
}

export interface OperationObject {
  operationId?: string;
  "x-tenant"?: TenantReference;
  tags?: string[];
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: RequestBodyObject | { $ref: string };
  responses?: Record<string, ResponseObject | { $ref: string }>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  security?: Record<string, string[]>[];
}

export const httpMethods = ["get", "put", "post", "delete", "patch", "head", "options"] as const;
export type HttpMethod = (typeof httpMethods)[number];

export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path without the /api prefix, e.g. `/customers/{id}`. */
  path: string;
  operation: OperationObject;
  parameters: ParameterObject[];
  requestBody?: RequestBodyObject;
  /** False when the operation declares `security: []`. */
  requiresAuth: boolean;
}

export function loadContract(): OpenApiDocument {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@parley/openapi/openapi.json");
  return JSON.parse(readFileSync(file, "utf8")) as OpenApiDocument;
}

/** Follows a local `#/components/...` reference (parameters, request bodies, responses). */
export function deref<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  let current: unknown = value;
  for (let depth = 0; depth < 10; depth++) {
    if (!current || typeof current !== "object" || !("$ref" in current)) return current as T;
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith("#/")) throw new Error(`Unsupported reference ${ref}`);
    current = ref
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], document);
    if (current === undefined) throw new Error(`Unresolved reference ${ref}`);
  }
  throw new Error("Reference chain too deep");
}

export function listOperations(document: OpenApiDocument): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = ((item.parameters as unknown[]) ?? []).map((p) => deref<ParameterObject>(document, p as ParameterObject));
    for (const method of httpMethods) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const own = (operation.parameters ?? []).map((p) => deref<ParameterObject>(document, p));
      const byKey = new Map<string, ParameterObject>();
      for (const parameter of [...shared, ...own]) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      const security = operation.security ?? document.security ?? [];
      operations.push({
        operationId: operation.operationId,
        method,
        path,
        operation,
        parameters: [...byKey.values()],
        requestBody: operation.requestBody ? deref<RequestBodyObject>(document, operation.requestBody) : undefined,
        requiresAuth: security.length > 0 && !security.some((requirement) => Object.keys(requirement).length === 0),
      });
    }
  }
  return operations;
}

// Component schemas are gathered under one schema with this id; local refs are rewritten to it.
export const CONTRACT_SCHEMA_ID = "urn:parley:contract";

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "$ref" && typeof child === "string" && child.startsWith("#/components/schemas/")) {
      out[key] = `${CONTRACT_SCHEMA_ID}#/$defs/${child.slice("#/components/schemas/".length)}`;
    } else {
      out[key] = rewriteRefs(child);
    }
  }
  return out;
}

/** A schema from the contract with its `$ref`s pointing into the shared contract schema. */
export function portableSchema(schema: JsonSchema): JsonSchema {
  return rewriteRefs(schema) as JsonSchema;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface ContractAjvOptions {
  coerceTypes?: boolean | "array";
  useDefaults?: boolean;
  /** Drop the properties a schema with `additionalProperties: false` does not list, instead of failing. */
  removeAdditional?: boolean;
}

export function createContractAjv(document: OpenApiDocument, options: ContractAjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    coerceTypes: options.coerceTypes ?? false,
    useDefaults: options.useDefaults ?? false,
    removeAdditional: options.removeAdditional ?? false,
  });
  addFormats(ajv);
  // OpenAPI annotations Ajv does not know; declared so they are accepted, never validated.
  for (const keyword of ["example", "discriminator", "xml", "externalDocs"]) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword(keyword);
  }
  ajv.addSchema({ $id: CONTRACT_SCHEMA_ID, $defs: rewriteRefs(document.components?.schemas ?? {}) });
  return ajv;
}

export interface ResponseValidator {
  validate(operationId: string, status: number, contentType: string | undefined, body: unknown): ErrorObject[] | null;
}

/** Validates an answer against the contract's response schema for its status (used by tests). */
export function createResponseValidator(document: OpenApiDocument): ResponseValidator {
  const ajv = createContractAjv(document);
  const operations = new Map(listOperations(document).map((op) => [op.operationId, op]));
  const cache = new Map<string, ValidateFunction>();
  return {
    validate(operationId, status, contentType, body) {
      const op = operations.get(operationId);
      if (!op) throw new Error(`No operation ${operationId} in the contract`);
      const responses = op.operation.responses ?? {};
      const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
      if (!declared) throw new Error(`${operationId} does not declare a ${status} answer`);
      const response = deref<ResponseObject>(document, declared);
      const mediaType = (contentType ?? "").split(";")[0]!.trim();
      const content = response.content ?? {};
      if (Object.keys(content).length === 0) return null;
      const media = content[mediaType];
      if (!media) {
        throw new Error(`${operationId} ${status} answered ${mediaType || "no content type"}, contract has ${Object.keys(content).join(", ")}`);
      }
      if (!media.schema) return null;
      const key = `${operationId} ${status} ${mediaType}`;
      let validate = cache.get(key);
      if (!validate) {
        validate = ajv.compile(portableSchema(media.schema));
        cache.set(key, validate);
      }
      return validate(body) ? null : (validate.errors ?? []);
    },
  };
}

/** The value of an object's own field, for request parts read by name at run time (no cast needed). */
export function ownField(value: unknown, field: string): unknown {
  return typeof value === "object" && value !== null ? Object.getOwnPropertyDescriptor(value, field)?.value : undefined;
}
