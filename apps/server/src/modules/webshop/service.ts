import {
  DomainError,
  indexedProductsStatus,
  maxIndexedProductsPerConfiguration,
  serviceReason,
  serviceReasons,
  successMessages,
  woocommerceIndexPageSize,
  type WebshopType,
} from "@parley/domain";
import type { Db } from "../../platform/db/db";
import type { AnswerOf, BodyOf } from "../../platform/http/contract-types";
import type { Caller } from "../../platform/http/operations";
import type { SecretBox } from "../../platform/auth/sealed-secrets";
import type { OutboundClient } from "../../platform/outbound/client";
import type { Configuration } from "../configurations/repository";
import { contentHashOf, type createKnowledgeService } from "../knowledge/service";
import { scopeOf, systemScope, type Scope } from "../tenancy";
import { shopRoot } from "./client";
import { cleanText, knowledgeTextOf, searchTextOf, type Product } from "./products";
import * as repository from "./repository";
import { findShopOrder, type FoundOrder } from "./orders";
import { createShopifyCaller } from "./shopify";
import { woocommerceProducts } from "./woocommerce";

type KnowledgeService = ReturnType<typeof createKnowledgeService>;

export interface WebshopServiceOptions {
  /** Seals the shop's key and secret in the database (see platform/auth/sealed-secrets.ts). */
  secrets: SecretBox;
  /** Products one configuration keeps at most (the domain's limit unless a test sets fewer). */
  maxProducts?: number;
  logError?: (message: string, error: unknown) => void;
}

function fieldError(path: string, message: string): DomainError {
  return new DomainError("validation_failed", undefined, 400, [{ path, message }]);
}

/** `-price` → price, descending; the contract's enum has already refused any other field. */
function sortOf(sortBy: string | undefined): { sort: repository.ProductSortField; descending: boolean } {
  const descending = sortBy?.startsWith("-") ?? false;
  const field = descending ? sortBy!.slice(1) : (sortBy ?? "name");
  const sort = Object.hasOwn(repository.productSortColumns, field) ? (field as repository.ProductSortField) : "name";
  return { sort, descending };
}

export function createWebshopService(db: Db, outbound: OutboundClient, knowledge: KnowledgeService, options: WebshopServiceOptions) {
  const maxProducts = options.maxProducts ?? maxIndexedProductsPerConfiguration;

  async function credentialsOf(caller: Caller | "system", configuration: Pick<Configuration, "_id">, type?: WebshopType): Promise<repository.StoredCredentials> {
    const stored = await repository.findCredentials(db, caller === "system" ? systemScope : scopeOf(caller), configuration._id);
    if (!stored) throw new DomainError("no_webshop_credentials", undefined, 404);
    const key = options.secrets.open(stored.key);
    const secret = options.secrets.open(stored.secret);
    // Sealed under an earlier server secret: they cannot be used, and saying so tells the customer what to do.
    if (key === undefined || secret === undefined) throw new DomainError("no_webshop_credentials", serviceReasons.webshop_credentials_unreadable, 404);
    const credentials = { ...stored, key, secret };
    if (type !== undefined && credentials.type !== type) {
      throw new DomainError("no_webshop_credentials", serviceReason("webshop_credentials_other_type", { type, saved: credentials.type }), 404);
    }
    return credentials;
  }

  /**
   * Stores the products (a page of WooCommerce, a vendor of Shopify) and makes each a knowledge article of kind
   * `product` the assistant finds: the chosen fields as text, titled by the product's name, linked to its page.
   * A product indexed before updates its row, and its article only when its text changed. New products beyond
   * the configuration's cap are left out. Answers how many products were stored.
   */
  async function indexProducts(caller: Caller, configuration: Configuration, type: WebshopType, products: readonly Product[]): Promise<number> {
    const scope = scopeOf(caller);
    const settings = await repository.findSettings(db, scope, configuration._id);
    const chosen = settings?.selectedOptions ?? [];
    const unique = [...new Map(products.map((product) => [product.productId, product])).values()];
    const states = await repository.indexedStates(db, scope, configuration._id, unique.map((product) => product.productId));
    let room = maxProducts - (await repository.countProducts(db, scope, configuration._id));
    let stored = 0;
    // One after another: each may replace its own article, and the embedded database has one connection anyway.
    for (const product of unique) {
      const state = states.get(product.productId);
      if (!state) {
        if (room <= 0) continue;
        room -= 1;
      }
      const text = knowledgeTextOf(product, chosen);
      const contentHash = contentHashOf(text);
      let articleId = state?.articleId ?? null;
      if (!state || state.contentHash !== contentHash || articleId === null) {
        const indexed = await knowledge.storeAndIndex(
          caller,
          configuration,
          { kind: "product", source: product.url ?? `${type} product ${product.productId}`, subject: product.name, url: product.url ?? null, text },
          state?.ownArticle ? (state.articleId ?? undefined) : undefined,
        );
        if ("article" in indexed) articleId = indexed.article._id;
        else {
          articleId = null;
          options.logError?.(`a product could not be indexed (${indexed.code})`, new Error(indexed.message));
        }
      }
      if (await repository.saveProduct(db, scope, configuration._id, type, product, { searchText: searchTextOf(product), articleId, contentHash })) stored += 1;
    }
    return stored;
  }

  /**
   * Records a page of a run whose products were saved; when it completed the run, removes the products the run
   * did not see and answers how many. Undefined while the run is not complete (or the page is not one of it).
   */
  async function completedRunRemoval(
    scope: Scope,
    configuration: Configuration,
    runId: string,
    page: number,
    shape: repository.IndexRunShape,
    vendor?: string,
  ): Promise<number | undefined> {
    if (!(await repository.recordIndexedPage(db, scope, configuration._id, runId, page, shape))) return undefined;
    return repository.removeProductsNotSeen(db, scope, configuration._id, runId, vendor);
  }

  return {
    /**
     * An order of the configuration's webshop of `type` (a workflow's order lookup, not an HTTP call): undefined
     * when the shop has no such order; `no_webshop_credentials` when none of that type are saved.
     */
    async orderOf(configurationId: string, type: WebshopType, orderNumber: string): Promise<FoundOrder | undefined> {
      const credentials = await credentialsOf("system", { _id: configurationId }, type);
      return findShopOrder(outbound, type, credentials, orderNumber);
    },

    async settings(caller: Caller, configuration: Configuration): Promise<AnswerOf<"getWebshopSettings">> {
      return { status: "success", settings: await repository.findSettings(db, scopeOf(caller), configuration._id) };
    },

    async saveSettings(caller: Caller, configuration: Configuration, input: BodyOf<"saveWebshopSettings">): Promise<AnswerOf<"saveWebshopSettings">> {
      const selectedOptions = [...new Set(input.webshopSettings.selectedOptions.map((option) => cleanText(option, 200)).filter((option) => option !== ""))].slice(0, 100);
      const vendor = input.webshopSettings.selectedVendor == null ? null : cleanText(input.webshopSettings.selectedVendor, 200) || null;
      await repository.saveSettings(db, scopeOf(caller), configuration._id, { selectedWebshop: input.webshopSettings.selectedWebshop, selectedOptions, selectedVendor: vendor });
      return { status: "success", message: successMessages.data_saved };
    },

    /** Checks the address (a refused one is the outbound client's 400) and stores key and secret, never answered back. */
    async saveCredentials(caller: Caller, configuration: Configuration, input: BodyOf<"saveWebshopCredentials">): Promise<AnswerOf<"saveWebshopCredentials">> {
      const type = input.webshoptType;
      if (input.webshopUrl.trim() === "") throw fieldError("webshopUrl", "This field is required");
      const url = shopRoot(outbound, type, input.webshopUrl);
      const key = input.webshopKey.trim();
      const secret = input.webshopSecret.trim();
      if (key === "") throw fieldError("webshopKey", "This field is required");
      if (type === "WooCommerce" && secret === "") throw fieldError("webshopSecret", "This field is required");
      await repository.saveCredentials(db, scopeOf(caller), configuration._id, { type, url, key: options.secrets.seal(key), secret: options.secrets.seal(secret) });
      return { status: "success", message: successMessages.data_saved };
    },

    async credentialsExist(caller: Caller, configuration: Configuration): Promise<AnswerOf<"webshopCredentialsExist">> {
      const credentials = await repository.findCredentials(db, scopeOf(caller), configuration._id);
      return { status: "success", exists: credentials !== undefined, webshopType: credentials?.type ?? null, webshopUrl: credentials?.url ?? null };
    },

    /** The shop's product count, read with the saved credentials. */
    async test(caller: Caller, configuration: Configuration): Promise<AnswerOf<"testWebshopConnection">> {
      const credentials = await credentialsOf(caller, configuration);
      const total_count =
        credentials.type === "WooCommerce"
          ? (await woocommerceProducts(outbound, { root: credentials.url, key: credentials.key, secret: credentials.secret }, 1, 1)).total
          : await createShopifyCaller(outbound, { root: credentials.url, token: credentials.key }).count();
      return { status: "success", total_count };
    },

    async indexedCount(caller: Caller, configuration: Configuration): Promise<AnswerOf<"getIndexedProductsCount">> {
      const count = await repository.countProducts(db, scopeOf(caller), configuration._id);
      const status = indexedProductsStatus(count);
      return { status, count, message: status === "OK" ? `${count} products are indexed` : "No products are indexed yet" };
    },

    /**
     * One page of the shop's products: the client pages through them, showing progress. Page 1 starts an index
     * run; the answer that completes it (every page read, see `recordIndexedPage`) says how many products no
     * longer in the shop were removed. A run only starts when the shop told its totals; an empty shop's run is
     * its page 1, so re-indexing a shop that now has no products removes them all.
     */
    async indexWoocommerce(caller: Caller, configuration: Configuration, query: { page?: number; per_page?: number }): Promise<AnswerOf<"indexWoocommerceProducts">> {
      const scope = scopeOf(caller);
      const credentials = await credentialsOf(caller, configuration, "WooCommerce");
      const pageNumber = query.page ?? 1;
      const page = await woocommerceProducts(
        outbound,
        { root: credentials.url, key: credentials.key, secret: credentials.secret },
        pageNumber,
        query.per_page ?? woocommerceIndexPageSize,
      );
      // Known before the page's products are saved: a page read before a later run started does not count for it.
      const runId = !page.listed
        ? undefined
        : pageNumber === 1
          ? await repository.startIndexRun(db, scope, configuration._id, "WooCommerce", page)
          : await repository.openIndexRun(db, scope, configuration._id, "WooCommerce");
      const indexed = await indexProducts(caller, configuration, "WooCommerce", page.products);
      const answer = { status: "success" as const, indexed, total_count: page.total, total_pages: page.totalPages };
      const removed = runId === undefined ? undefined : await completedRunRemoval(scope, configuration, runId, pageNumber, page);
      return removed === undefined ? answer : { ...answer, removed };
    },

    /**
     * Every product of the vendor (the one asked for, else the settings' one, else all), in one call. When the
     * shop listed them all (not cut at the configuration's cap), the stored Shopify products of that vendor (or
     * all) it no longer has are removed, and the answer says how many.
     */
    async indexShopify(caller: Caller, configuration: Configuration, query: { selectedVendor?: string }): Promise<AnswerOf<"indexShopifyProducts">> {
      const scope = scopeOf(caller);
      const credentials = await credentialsOf(caller, configuration, "Shopify");
      const asked = query.selectedVendor === undefined ? "" : cleanText(query.selectedVendor, 200);
      const vendor = (asked !== "" ? asked : (await repository.findSettings(db, scope, configuration._id))?.selectedVendor) ?? undefined;
      const listing = await createShopifyCaller(outbound, { root: credentials.url, token: credentials.key }).products(vendor, maxProducts);
      // One call is the whole run: one page of at most the cap.
      const shape = { perPage: maxProducts, total: listing.products.length, totalPages: 1 };
      const runId = listing.complete ? await repository.startIndexRun(db, scope, configuration._id, "Shopify", shape) : undefined;
      const indexed = await indexProducts(caller, configuration, "Shopify", listing.products);
      const removed = runId === undefined ? undefined : await completedRunRemoval(scope, configuration, runId, 1, shape, vendor);
      return removed === undefined ? { status: "success", total_count: indexed } : { status: "success", total_count: indexed, removed };
    },

    async deleteAll(caller: Caller, configuration: Configuration): Promise<AnswerOf<"deleteAllProducts">> {
      const deleted = await repository.deleteProducts(db, scopeOf(caller), configuration._id);
      return { status: "success", deleted, message: successMessages.data_deleted };
    },

    async search(
      caller: Caller,
      configuration: Configuration,
      query: { page?: number; itemsPerPage?: number; sortBy?: string; search?: string },
    ): Promise<AnswerOf<"searchProducts">> {
      const found = await repository.searchProducts(db, scopeOf(caller), configuration._id, {
        page: query.page ?? 1,
        perPage: query.itemsPerPage ?? 10,
        ...sortOf(query.sortBy),
        search: cleanText(query.search ?? "", 200),
      });
      return { status: "success", ...found };
    },
  };
}
