import { randomBytes } from "node:crypto";
import {
  DomainError,
  defaultChatbotButtonSettingsIn,
  defaultChatbotSettingsIn,
  designImageTypes,
  designIssues,
  maxDemoPageBytes,
  maxDesignImageBytes,
  maxDesignImagesPerConfiguration,
  designTextLanguageOf,
  successMessages,
  type DesignImageType,
  type LanguageCode,
} from "@parley/domain";
import type { FastifyReply } from "fastify";
import type { Db } from "../../platform/db/db";
import type { BodyOf, Schemas } from "../../platform/http/contract-types";
import type { UploadedPart } from "../../platform/http/multipart";
import type { Caller } from "../../platform/http/operations";
import type { Configuration } from "../configurations/repository";
import { scopeOf, systemScope } from "../tenancy";
import { sanitizeDisclaimer } from "./disclaimer";
import { inspectDesignImage } from "./images";
import * as repository from "./repository";

type ChatbotDesign = Schemas["ChatbotDesign"];
type ChatbotImage = Schemas["ChatbotImage"];

// Stored names: the image's use, 64 random bits and the extension its content has (never the client's name).
const storedImageName = /^(avatar|bot|background|button)-[a-f0-9]{16}\.(png|jpg|gif|webp)$/;
const imageTypeNames: Record<DesignImageType, string> = {
  [designImageTypes.avatar]: "avatar",
  [designImageTypes.botImage]: "bot",
  [designImageTypes.background]: "background",
  [designImageTypes.chatButton]: "button",
};
// 128 random bits: the demo page's address cannot be guessed from anything a website publishes.
const demoIdPattern = /^[a-f0-9]{32}$/;
const storeAttempts = 5;

/** Headers of a stored file served to anyone: its own type only, never sniffed into a document. */
const servedFileHeaders = {
  "x-content-type-options": "nosniff",
  "cache-control": "public, max-age=300",
  // The widget's iframe and the demo page run in other (or opaque) origins and show these images.
  "cross-origin-resource-policy": "cross-origin",
};

/**
 * The demo page runs its own scripts (it stands for the customer's website, with the widget snippet in
 * it), but in an opaque origin: without `allow-same-origin` it can read no cookie or storage of this
 * origin, where the portals keep their session, and its requests here carry no credentials of theirs.
 */
const demoPageHeaders = {
  "content-security-policy": "sandbox allow-scripts allow-popups allow-forms",
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
};

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The language of a design's default texts: the widget language it was saved with, else the
 * configuration's language (General settings), else Dutch as the spec's defaults are.
 */
function defaultsLanguageOf(configuration: Pick<Configuration, "language">, uiLanguage: unknown): LanguageCode {
  return designTextLanguageOf(typeof uiLanguage === "string" && uiLanguage !== "" ? uiLanguage : configuration.language);
}

/** A stored or default design as every answer gives it: defaults (in `language`) for what is missing, the disclaimer cleaned. */
function presentDesign(configurationId: string, stored: repository.StoredDesign | undefined, language: LanguageCode): ChatbotDesign {
  const settings = { ...defaultChatbotSettingsIn(language), ...(stored?.settings as Partial<ChatbotDesign["chatbotSettings"]> | undefined) };
  const button = { ...defaultChatbotButtonSettingsIn(language), ...(stored?.buttonSettings as Partial<ChatbotDesign["chatbotButtonSettings"]> | undefined) };
  return {
    chatbotSettings: {
      ...settings,
      _id: null,
      configuration_id: configurationId,
      isTemplate: false,
      templateName: null,
      disclaimerHtml: sanitizeDisclaimer(settings.disclaimerHtml),
    },
    chatbotButtonSettings: { ...button, _id: null, configuration_id: configurationId },
  };
}

export interface DesignServiceOptions {
  /** Whether an agent of the configuration is available now (the live module's presence); never without it. */
  agentsOnline?: (configurationId: string) => Promise<boolean>;
  /** Where this server is reached from outside (`PUBLIC_URL`): the base of the addresses answered. */
  publicUrl: string;
}

/** The widget design of a configuration, which the operation's `x-tenant` loaded (within the caller's scope, or the public one). */
export function createDesignService(db: Db, options: DesignServiceOptions) {
  const publicUrl = options.publicUrl.replace(/\/+$/, "");

  function imageUrl(configurationId: string, storedName: string): string {
    const query = new URLSearchParams({ configuration_id: configurationId, filename: storedName });
    return `${publicUrl}/api/chatbot/settings/image/download?${query.toString()}`;
  }

  function toImage(configurationId: string, image: repository.DesignImageRecord): ChatbotImage {
    return { filename: image.storedName, image_type: image.imageType, url: imageUrl(configurationId, image.storedName), size: image.size, content_type: image.contentType };
  }

  return {
    async get(caller: Caller, configuration: Configuration) {
      const stored = await repository.findDesign(db, scopeOf(caller), configuration._id);
      if (!stored) throw new DomainError("no_settings_found", undefined, 404);
      return { status: "success" as const, data: presentDesign(configuration._id, stored, defaultsLanguageOf(configuration, stored.settings.uiLanguage)) };
    },

    /** Every field at once; what is left out takes the default. Ids and template fields are the server's. */
    async save(caller: Caller, configuration: Configuration, input: BodyOf<"saveChatbotSettings">) {
      const language = defaultsLanguageOf(configuration, input.chatbotSettings.uiLanguage);
      const settings = {
        ...defaultChatbotSettingsIn(language),
        ...input.chatbotSettings,
        _id: null,
        configuration_id: configuration._id,
        isTemplate: false,
        templateName: null,
      };
      const button = { ...defaultChatbotButtonSettingsIn(language), ...input.chatbotButtonSettings, _id: null, configuration_id: configuration._id };
      const issues = designIssues({ chatbotSettings: settings, chatbotButtonSettings: button });
      if (issues.length > 0) {
        throw new DomainError("validation_failed", issues.map((issue) => `${issue.path}: ${issue.message}`).join("; "), 400, issues);
      }
      const stored = { settings, buttonSettings: button };
      if (!(await repository.saveDesign(db, scopeOf(caller), configuration._id, stored))) throw new DomainError("not_found", undefined, 404);
      return { status: "success" as const, data: presentDesign(configuration._id, stored, language), message: successMessages.design_saved };
    },

    /**
     * What the widget shows: the saved design, or the defaults in the configuration's language (an English
     * assistant greets in English), and whether one of the configuration's agents is available.
     */
    async widgetSettings(configuration: Configuration) {
      const [stored, online] = await Promise.all([
        repository.findDesign(db, systemScope, configuration._id),
        options.agentsOnline ? options.agentsOnline(configuration._id) : Promise.resolve(false),
      ]);
      const language = defaultsLanguageOf(configuration, stored?.settings.uiLanguage);
      return { status: "success" as const, data: presentDesign(configuration._id, stored, language), online };
    },

    async uploadImage(caller: Caller, configuration: Configuration, upload: UploadedPart | undefined, imageType: DesignImageType | undefined) {
      if (!upload || upload.bytes.length === 0) throw new DomainError("no_image_file", undefined, 400, [{ path: "file", message: "No image file provided." }]);
      if (upload.bytes.length > maxDesignImageBytes) {
        throw new DomainError("payload_too_large", `The image is larger than ${maxDesignImageBytes / (1024 * 1024)} MB`, 413);
      }
      const image = inspectDesignImage(upload.bytes);
      const scope = scopeOf(caller);
      if ((await repository.countDesignImages(db, scope, configuration._id)) >= maxDesignImagesPerConfiguration) {
        const message = `A configuration holds at most ${maxDesignImagesPerConfiguration} images: delete one first`;
        throw new DomainError("validation_failed", message, 400, [{ path: "file", message }]);
      }
      const type = imageType ?? designImageTypes.avatar;
      for (let attempt = 0; attempt < storeAttempts; attempt++) {
        const storedName = `${imageTypeNames[type]}-${randomBytes(8).toString("hex")}.${image.extension}`;
        const stored = await repository.insertDesignImage(db, scope, configuration._id, { storedName, imageType: type, contentType: image.contentType, bytes: image.bytes });
        if (stored) return { status: "success" as const, filename: stored.storedName, url: imageUrl(configuration._id, stored.storedName) };
      }
      throw new Error("No free stored name for the design image");
    },

    async listImages(caller: Caller, configuration: Configuration, imageType: DesignImageType | undefined) {
      const images = await repository.listDesignImages(db, scopeOf(caller), configuration._id, imageType);
      return { status: "success" as const, images: images.map((image) => toImage(configuration._id, image)) };
    },

    /** Public: sends the image with the type its content was found to have. */
    async downloadImage(configuration: Configuration, filename: string, reply: FastifyReply) {
      if (filename.trim() === "") throw new DomainError("missing_configuration_or_filename", undefined, 400);
      const image = storedImageName.test(filename) ? await repository.findPublishedDesignImage(db, configuration._id, filename) : undefined;
      if (!image) throw new DomainError("not_found", undefined, 404);
      return reply
        .headers({ ...servedFileHeaders, "content-type": image.contentType, "content-disposition": `inline; filename="${filename}"` })
        .send(image.bytes);
    },

    async deleteImage(caller: Caller, configuration: Configuration, filename: string, imageType: DesignImageType | undefined) {
      if (filename.trim() === "") throw new DomainError("missing_configuration_or_filename", undefined, 400);
      const deleted = storedImageName.test(filename) && (await repository.deleteDesignImage(db, scopeOf(caller), configuration._id, filename, imageType));
      if (!deleted) throw new DomainError("avatar_delete_failed", undefined, 404);
      return { status: "success" as const, message: successMessages.data_deleted };
    },

    /** Stored for the configuration; never served back as code (the snippet is made by `embedSnippet`). */
    async uploadScript(caller: Caller, configuration: Configuration, content: string) {
      if (!(await repository.saveEmbedScript(db, scopeOf(caller), configuration._id, content))) throw new DomainError("not_found", undefined, 404);
      return { status: "success" as const, message: successMessages.data_saved };
    },

    async uploadDemo(caller: Caller, configuration: Configuration, upload: UploadedPart) {
      if (upload.bytes.length === 0) throw new DomainError("field_required", "The demo page is empty", 400, [{ path: "demo_content", message: "The demo page is empty" }]);
      if (upload.bytes.length > maxDemoPageBytes) {
        throw new DomainError("payload_too_large", `The demo page is larger than ${maxDemoPageBytes / (1024 * 1024)} MB`, 413);
      }
      if (!isHtmlText(upload.bytes)) {
        const message = "The demo page must be an HTML file in UTF-8";
        throw new DomainError("unsupported_file_type", message, 415, [{ path: "demo_content", message }]);
      }
      const demoId = randomBytes(16).toString("hex");
      if (!(await repository.saveDemoPage(db, scopeOf(caller), configuration._id, demoId, upload.bytes))) throw new DomainError("not_found", undefined, 404);
      return { status: "success" as const, url: `${publicUrl}/api/chatbot/settings/demo/${demoId}` };
    },

    /** Public for whoever has the address; sandboxed so that its scripts cannot reach the portals' session. */
    async demoPage(demoId: string, reply: FastifyReply) {
      const page = demoIdPattern.test(demoId) ? await repository.findDemoPage(db, demoId) : undefined;
      if (!page) throw new DomainError("not_found", undefined, 404);
      return reply.headers({ ...demoPageHeaders, "content-type": "text/html; charset=utf-8" }).send(page);
    },

    /** The snippet a customer pastes into their website: one async script tag that loads the widget. */
    embedSnippet(configuration: Configuration) {
      const script = `<script async src="${escapeAttribute(`${publicUrl}/widget/loader.js`)}" data-configuration-id="${escapeAttribute(configuration._id)}"></script>`;
      return { status: "success" as const, script };
    },
  };
}

/** UTF-8 text without NUL or other C0 controls but tab, line feed, form feed and carriage return. */
function isHtmlText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for.
  return !/[\u0000-\u0008\u000b\u000e-\u001f]/.test(text);
}
