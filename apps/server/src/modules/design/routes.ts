import type { DesignImageType } from "@parley/domain";
import type { FastifyReply } from "fastify";
import { uploadOf } from "../../platform/http/multipart";
import type { OperationTable } from "../../platform/http/operations";
import { requires } from "../../platform/http/spec-words";
import { callerOf, requiredTenantOf } from "../tenancy";
import type { createDesignService } from "./service";

/** A form field's image type ("1" to "4", as the contract allows) as the number it stands for. */
function formImageType(value: "1" | "2" | "3" | "4" | undefined): DesignImageType | undefined {
  return value === undefined ? undefined : (Number(value) as DesignImageType);
}

/**
 * Lets any page read a public answer without credentials. The widget runs on customers' websites and,
 * inside the sandboxed demo page, in an opaque origin (its requests say `Origin: null`), where the
 * portals' CORS list cannot name it. An origin that list allows keeps its own (credentialed) answer.
 */
function readableFromAnyOrigin(reply: FastifyReply): void {
  if (reply.hasHeader("access-control-allow-origin")) return;
  reply.header("access-control-allow-origin", "*");
  reply.removeHeader("access-control-allow-credentials");
}

/** An image is named by its configuration and file name; either missing is 'Missing configuration ID or filename' (spec 02 §8). */
function imageNamedIn(part: "query" | "body") {
  return [requires(part, "configuration_id", "missing_configuration_or_filename"), requires(part, "filename", "missing_configuration_or_filename")];
}

export function designOperations(design: ReturnType<typeof createDesignService>): OperationTable {
  return {
    getChatbotSettings: async (request) => design.get(callerOf(request), requiredTenantOf(request, "configuration")),
    saveChatbotSettings: async (request) => design.save(callerOf(request), requiredTenantOf(request, "configuration"), request.body),
    uploadChatbotImage: async (request) =>
      design.uploadImage(callerOf(request), requiredTenantOf(request, "configuration"), request.uploads?.file, formImageType(request.body.image_type)),
    listChatbotImages: async (request) => design.listImages(callerOf(request), requiredTenantOf(request, "configuration"), request.query.image_type),
    downloadChatbotImage: {
      preValidation: imageNamedIn("query"),
      handler: async (request, reply) => design.downloadImage(requiredTenantOf(request, "publicConfiguration"), request.query.filename, reply),
    },
    deleteChatbotImage: {
      preValidation: imageNamedIn("body"),
      handler: async (request) =>
        design.deleteImage(callerOf(request), requiredTenantOf(request, "configuration"), request.body.filename, request.body.image_type),
    },
    uploadChatbotScript: async (request) => design.uploadScript(callerOf(request), requiredTenantOf(request, "configuration"), request.body.script_content),
    uploadChatbotDemo: async (request) => design.uploadDemo(callerOf(request), requiredTenantOf(request, "configuration"), uploadOf(request, "demo_content")),
    getChatbotDemo: async (request, reply) => design.demoPage(request.params.demo_id, reply),
    getChatbotScript: async (request) => design.embedSnippet(requiredTenantOf(request, "publicConfiguration")),
    getWidgetSettings: async (request, reply) => {
      readableFromAnyOrigin(reply);
      return design.widgetSettings(requiredTenantOf(request, "publicConfiguration"));
    },
  };
}
