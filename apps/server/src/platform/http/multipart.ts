import { DomainError } from "@parley/domain";
import type { FastifyRequest, preValidationHookHandler } from "fastify";
import type { Multipart } from "@fastify/multipart";
import type { JsonSchema } from "./contract";

/** A file part of a `multipart/form-data` body, read into memory within the upload limit. */
export class UploadedPart {
  /** The name the client gave the file: text to show, never a key or a path. */
  readonly filename: string;
  /** The type the client declared; content decides what the file is, this is only reported. */
  readonly declaredType: string;
  // Private, so that walks over the request body (unsafe-text checks, logging) never go byte by byte.
  readonly #bytes: Buffer;

  constructor(filename: string, declaredType: string, bytes: Buffer) {
    this.filename = filename;
    this.declaredType = declaredType;
    this.#bytes = bytes;
  }

  get bytes(): Buffer {
    return this.#bytes;
  }
}

declare module "fastify" {
  interface FastifyRequest {
    /** The file parts of a `multipart/form-data` body, by field name (see `readMultipartBody`). */
    uploads: Record<string, UploadedPart> | null;
  }
}

/** The size limits a multipart body is read with; past them the request is refused with 413. */
export interface MultipartLimits {
  /** Bytes per file. */
  fileSize: number;
  /** Bytes per text field. */
  fieldSize: number;
}

/** The names of the properties of a body schema that are files (`type: string, format: binary`). */
export function binaryProperties(schema: JsonSchema): Set<string> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return new Set(Object.entries(properties).filter(([, property]) => property.format === "binary").map(([name]) => name));
}

function tooLarge(message: string): DomainError {
  return new DomainError("payload_too_large", message, 413);
}

function invalid(path: string, message: string): DomainError {
  return new DomainError("validation_failed", `${path}: ${message}`, 400, [{ path, message }]);
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** @fastify/multipart's own refusals (limits reached, a field named like a prototype property) as problems. */
function asProblem(error: unknown, limits: MultipartLimits): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge(`The file is larger than ${megabytes(limits.fileSize)}`);
  if (code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return tooLarge("The form has too many parts");
  if (code === "FST_PROTO_VIOLATION" || code === "FST_INVALID_JSON_FIELD_ERROR") return new DomainError("validation_failed", undefined, 400);
  if (error instanceof Error && /multipart|boundary|part terminated/i.test(error.message)) {
    return new DomainError("validation_failed", "The request body is not valid multipart/form-data", 400);
  }
  return error;
}

/**
 * The pre-validation hook of an operation whose body is `multipart/form-data`. It reads the parts the
 * schema lists into `request.body`, so that the contract's schema validates them and `x-tenant` finds its
 * id there like in a JSON body: text fields as strings, and a file field as the name the client gave the
 * file, its bytes being in `request.uploads`. Parts the schema does not list are read and dropped (as
 * unknown JSON properties are); a field sent twice, a file where text belongs or text where a file
 * belongs is refused. Any other body is refused with 415, but no body at all is fine where the contract makes
 * the body optional (`optional`).
 */
export function readMultipartBody(schema: JsonSchema, limits: MultipartLimits, optional = false): preValidationHookHandler {
  const files = binaryProperties(schema);
  const listed = new Set(Object.keys((schema.properties ?? {}) as Record<string, unknown>));
  return async (request: FastifyRequest) => {
    request.uploads = null;
    if (!request.isMultipart()) {
      const empty = request.headers["content-type"] === undefined && request.headers["transfer-encoding"] === undefined && Number(request.headers["content-length"] ?? 0) === 0;
      if (optional && empty) return;
      const type = request.headers["content-type"];
      throw new DomainError("validation_failed", `Unsupported Media Type: ${type ? type.split(";")[0] : "none"}, expected multipart/form-data`, 415);
    }
    const body: Record<string, string> = Object.create(null) as Record<string, string>;
    const uploads: Record<string, UploadedPart> = {};
    try {
      for await (const part of request.parts({ limits: { fileSize: limits.fileSize, fieldSize: limits.fieldSize } })) {
        await readPart(part, body, uploads, { files, listed });
      }
    } catch (error) {
      throw asProblem(error, limits);
    }
    request.body = { ...body };
    request.uploads = uploads;
  };
}

async function readPart(
  part: Multipart,
  body: Record<string, string>,
  uploads: Record<string, UploadedPart>,
  { files, listed }: { files: Set<string>; listed: Set<string> },
): Promise<void> {
  const name = part.fieldname;
  if (!listed.has(name)) {
    if (part.type === "file") await drain(part.file);
    return;
  }
  if (name in body) {
    if (part.type === "file") await drain(part.file);
    throw invalid(name, "Sent more than once");
  }
  if (part.type === "file") {
    if (!files.has(name)) {
      await drain(part.file);
      throw invalid(name, "Must be text, not a file");
    }
    const bytes = await part.toBuffer();
    uploads[name] = new UploadedPart(part.filename, part.mimetype, bytes);
    body[name] = part.filename;
    return;
  }
  if (files.has(name)) throw invalid(name, "Must be a file");
  if (part.valueTruncated) throw tooLarge(`${name}: The field is too long`);
  if (typeof part.value !== "string") throw invalid(name, "Must be text");
  body[name] = part.value;
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _chunk of stream) {
    // Read and dropped: the form goes on after it.
  }
}

/** The file the client sent in the field `name`; the contract requires it, so validation has made sure. */
export function uploadOf(request: FastifyRequest, name: string): UploadedPart {
  const upload = request.uploads?.[name];
  if (!upload) throw new DomainError("field_required", undefined, 400, [{ path: name, message: "This field is required" }]);
  return upload;
}
