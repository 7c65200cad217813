import { DomainError, dropEmptyComponents, fileComponentsOf, successMessages, textBlocksOf, trainingFileNameKey, type TextBlock } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { PdfTooLargeError, readPdfText, type PdfReadLimits } from "../../platform/files/pdf-reader";
import { UnreadablePdfError } from "../../platform/files/pdf-text";
import type { UploadedPart } from "../../platform/http/multipart";
import type { Caller } from "../../platform/http/operations";
import type { Configuration } from "../configurations/repository";
import { notFound, scopeOf } from "../tenancy";
import { displayNameOf, inspectTrainingFile, pdfTooLarge, storedNameFor } from "./content";
import * as repository from "./repository";

// A random suffix of 32 bits makes a clash of two files' stored names rare; a clash takes another suffix.
const storeAttempts = 5;

/** The training files of a configuration, which the operation's `x-tenant` loaded within the caller's scope. */
export function createTrainingFilesService(db: Db, pdfLimits?: PdfReadLimits) {
  return {
    async list(caller: Caller, configuration: Configuration) {
      const files = await repository.listTrainingFiles(db, scopeOf(caller), configuration._id);
      return { status: "success" as const, file_names: files.map((file) => file.name), files };
    },

    async upload(caller: Caller, configuration: Configuration, upload: UploadedPart) {
      const originalName = displayNameOf(upload.filename);
      const content = await inspectTrainingFile(originalName, upload.bytes, pdfLimits);
      for (let attempt = 0; ; attempt++) {
        try {
          const stored = await repository.storeTrainingFile(db, scopeOf(caller), configuration._id, {
            storedName: storedNameFor(originalName, content.extension),
            originalName,
            nameKey: trainingFileNameKey(originalName),
            contentType: content.contentType,
            bytes: content.bytes,
          });
          if (!stored) throw notFound("No such configuration");
          return { status: "success" as const, filename: stored.file.name, message: successMessages.data_saved };
        } catch (error) {
          if (!repository.isStoredNameTaken(error) || attempt + 1 >= storeAttempts) throw error;
        }
      }
    },

    async remove(caller: Caller, configuration: Configuration, storedName: string) {
      if (!(await repository.deleteTrainingFile(db, scopeOf(caller), configuration._id, storedName))) throw notFound("No such file");
      return { status: "success" as const, message: successMessages.data_deleted };
    },

    async scrape(caller: Caller, configuration: Configuration, storedName: string) {
      const file = await repository.findTrainingFileContent(db, scopeOf(caller), configuration._id, storedName);
      if (!file) throw notFound("No such file");
      const blocks = await blocksOf(file.contentType, file.bytes, pdfLimits);
      const components = dropEmptyComponents(fileComponentsOf(blocks, file.originalName)).map((component) => ({
        text: component.text,
        subject: component.subject,
        tag: null,
        url: null,
      }));
      if (components.length === 0) throw new DomainError("no_file_content", undefined, 400);
      return { status: "success" as const, components };
    },
  };
}

async function blocksOf(contentType: string, bytes: Buffer, pdfLimits?: PdfReadLimits): Promise<TextBlock[]> {
  if (contentType !== "application/pdf") return textBlocksOf(bytes.toString("utf8"));
  try {
    return await readPdfText(bytes, pdfLimits);
  } catch (error) {
    if (error instanceof PdfTooLargeError) throw pdfTooLarge(error);
    // Stored PDFs opened when they were uploaded; one that no longer does yields no text.
    if (error instanceof UnreadablePdfError) throw new DomainError("no_file_content", undefined, 400);
    throw error;
  }
}
