import type { WebshopType } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { containsPattern } from "../../platform/db/like";
import type { Schemas } from "../../platform/http/contract-types";
import { deleteArticle, deleteArticlesOfKind } from "../knowledge/repository";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";
import type { Product } from "./products";

export type WebshopSettings = Schemas["WebshopSettings"];

/** Key and secret as stored: sealed by the service. */
export interface StoredCredentials {
  type: WebshopType;
  url: string;
  key: string;
  secret: string;
}

// Webshop rows belong to a configuration; the scope is the configuration's customer.
const inScope = (column: string, first: number) => `${column} IN (SELECT id FROM configurations WHERE ${scopeCondition("customer_id", first)})`;

export async function findSettings(db: Db, scope: Scope, configurationId: string): Promise<WebshopSettings | null> {
  const rows = await db.query<{ selected_webshop: WebshopType | null; selected_options: string[]; selected_vendor: string | null }>(
    `SELECT selected_webshop, selected_options, selected_vendor FROM webshop_settings
      WHERE configuration_id = $1 AND ${inScope("configuration_id", 2)}`,
    [configurationId, ...scopeParams(scope)],
  );
  const row = rows[0];
  return row ? { selectedWebshop: row.selected_webshop, selectedOptions: row.selected_options, selectedVendor: row.selected_vendor } : null;
}

export async function saveSettings(db: Db, scope: Scope, configurationId: string, settings: WebshopSettings): Promise<boolean> {
  const rows = await db.query<{ configuration_id: string }>(
    `INSERT INTO webshop_settings (configuration_id, selected_webshop, selected_options, selected_vendor)
     SELECT id, $2, $3::jsonb, $4 FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 5)}
     ON CONFLICT (configuration_id) DO UPDATE SET selected_webshop = EXCLUDED.selected_webshop,
       selected_options = EXCLUDED.selected_options, selected_vendor = EXCLUDED.selected_vendor, updated_at = now()
     RETURNING configuration_id`,
    [configurationId, settings.selectedWebshop, JSON.stringify(settings.selectedOptions), settings.selectedVendor ?? null, ...scopeParams(scope)],
  );
  return rows.length > 0;
}

export async function saveCredentials(db: Db, scope: Scope, configurationId: string, credentials: StoredCredentials): Promise<boolean> {
  const rows = await db.query<{ configuration_id: string }>(
    `INSERT INTO webshop_credentials (configuration_id, webshop_type, webshop_url, webshop_key, webshop_secret)
     SELECT id, $2, $3, $4, $5 FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 6)}
     ON CONFLICT (configuration_id) DO UPDATE SET webshop_type = EXCLUDED.webshop_type, webshop_url = EXCLUDED.webshop_url,
       webshop_key = EXCLUDED.webshop_key, webshop_secret = EXCLUDED.webshop_secret, updated_at = now()
     RETURNING configuration_id`,
    [configurationId, credentials.type, credentials.url, credentials.key, credentials.secret, ...scopeParams(scope)],
  );
  return rows.length > 0;
}

export async function findCredentials(db: Db, scope: Scope, configurationId: string): Promise<StoredCredentials | undefined> {
  const rows = await db.query<{ webshop_type: WebshopType; webshop_url: string; webshop_key: string; webshop_secret: string }>(
    `SELECT webshop_type, webshop_url, webshop_key, webshop_secret FROM webshop_credentials
      WHERE configuration_id = $1 AND ${inScope("configuration_id", 2)}`,
    [configurationId, ...scopeParams(scope)],
  );
  const row = rows[0];
  return row ? { type: row.webshop_type, url: row.webshop_url, key: row.webshop_key, secret: row.webshop_secret } : undefined;
}

export async function countProducts(db: Db, scope: Scope, configurationId: string): Promise<number> {
  const rows = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM webshop_products WHERE configuration_id = $1 AND ${inScope("configuration_id", 2)}`,
    [configurationId, ...scopeParams(scope)],
  );
  return Number(rows[0]?.n ?? 0);
}

export interface IndexedProductState {
  articleId: string | null;
  contentHash: string | null;
  /** The article is this product's alone (two products with the same text share one), so it may be rewritten. */
  ownArticle: boolean;
}

/** How the products with these ids were indexed before (those never indexed are missing). */
export async function indexedStates(db: Db, scope: Scope, configurationId: string, productIds: readonly string[]): Promise<Map<string, IndexedProductState>> {
  const rows = await db.query<{ product_id: string; article_id: string | null; content_hash: string | null; shared: boolean }>(
    `SELECT p.product_id, p.article_id, p.content_hash,
            EXISTS (SELECT 1 FROM webshop_products o WHERE o.configuration_id = p.configuration_id AND o.article_id = p.article_id
                       AND o.product_id <> p.product_id) AS shared
       FROM webshop_products p WHERE p.configuration_id = $1 AND p.product_id = ANY($2::text[]) AND ${inScope("p.configuration_id", 3)}`,
    [configurationId, [...productIds], ...scopeParams(scope)],
  );
  return new Map(rows.map((row) => [row.product_id, { articleId: row.article_id, contentHash: row.content_hash, ownArticle: row.article_id !== null && !row.shared }]));
}

/**
 * Stores a product of a configuration the scope may see, replacing its earlier row (one row per product id
 * whatever how often, or how many calls at once, index it). `false`: the configuration is gone.
 */
export async function saveProduct(
  db: Db,
  scope: Scope,
  configurationId: string,
  type: WebshopType,
  product: Product,
  index: { searchText: string; articleId: string | null; contentHash: string | null },
): Promise<boolean> {
  const rows = await db.query<{ product_id: string }>(
    `INSERT INTO webshop_products (configuration_id, product_id, webshop_type, name, price, stock_quantity, product, search_text, article_id, content_hash)
     SELECT c.id, $2, $3, $4, $5, $6, $7::jsonb, $8, (SELECT a.id FROM knowledge_articles a WHERE a.id = $9::uuid AND a.configuration_id = c.id), $10
       FROM configurations c WHERE c.id = $1 AND ${scopeCondition("c.customer_id", 11)}
     ON CONFLICT (configuration_id, product_id) DO UPDATE SET webshop_type = EXCLUDED.webshop_type, name = EXCLUDED.name,
       price = EXCLUDED.price, stock_quantity = EXCLUDED.stock_quantity, product = EXCLUDED.product, search_text = EXCLUDED.search_text,
       article_id = EXCLUDED.article_id, content_hash = EXCLUDED.content_hash, indexed_at = now()
     RETURNING product_id`,
    [
      configurationId,
      product.productId,
      type,
      product.name,
      product.price ?? null,
      product.stock_quantity ?? null,
      JSON.stringify(product),
      index.searchText,
      index.articleId,
      index.contentHash,
      ...scopeParams(scope),
    ],
  );
  return rows.length > 0;
}

/**
 * Deletes every product of a configuration the scope may see and the knowledge the assistant had of them (the
 * articles of kind `product`, with their chunks and words). Answers how many products were removed.
 */
export async function deleteProducts(db: Db, scope: Scope, configurationId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const products = await tx.query<{ product_id: string }>(
      `DELETE FROM webshop_products WHERE configuration_id = $1 AND ${inScope("configuration_id", 2)} RETURNING product_id`,
      [configurationId, ...scopeParams(scope)],
    );
    await deleteArticlesOfKind(tx, scope, configurationId, "product");
    return products.length;
  });
}

/** What a shop said of the listing an index run reads: the page size, the products and the pages. */
export interface IndexRunShape {
  perPage: number;
  total: number;
  totalPages: number;
}

/**
 * Starts the configuration's index run of a shop type, replacing an earlier run (which then can never complete):
 * the products saved from now on are the ones it saw. Answers its id; undefined when the configuration is gone.
 */
export async function startIndexRun(db: Db, scope: Scope, configurationId: string, type: WebshopType, shape: IndexRunShape): Promise<string | undefined> {
  const rows = await db.query<{ run_id: string }>(
    `INSERT INTO webshop_index_runs (configuration_id, webshop_type, per_page, total, total_pages)
     SELECT id, $2, $3, $4, $5 FROM configurations WHERE id = $1 AND ${scopeCondition("customer_id", 6)}
     ON CONFLICT (configuration_id) DO UPDATE SET run_id = gen_random_uuid(), webshop_type = EXCLUDED.webshop_type, started_at = now(),
       per_page = EXCLUDED.per_page, total = EXCLUDED.total, total_pages = EXCLUDED.total_pages, pages_done = '{}', completed_at = NULL
     RETURNING run_id`,
    [configurationId, type, shape.perPage, shape.total, shape.totalPages, ...scopeParams(scope)],
  );
  return rows[0]?.run_id;
}

/** The id of the configuration's index run of this shop type that has not completed yet, if any. */
export async function openIndexRun(db: Db, scope: Scope, configurationId: string, type: WebshopType): Promise<string | undefined> {
  const rows = await db.query<{ run_id: string }>(
    `SELECT run_id FROM webshop_index_runs
      WHERE configuration_id = $1 AND webshop_type = $2 AND completed_at IS NULL AND ${inScope("configuration_id", 3)}`,
    [configurationId, type, ...scopeParams(scope)],
  );
  return rows[0]?.run_id;
}

/**
 * Records that a page of the run was read and its products saved, when the page belongs to the run: the same
 * page size and totals as page 1 had, and within its pages (an empty shop's run has the one page 1). `true`
 * when this page completed the run, which happens once however many calls record pages at the same moment; a
 * page read again, a run already completed or replaced by another answer `false`.
 */
export async function recordIndexedPage(db: Db, scope: Scope, configurationId: string, runId: string, page: number, shape: IndexRunShape): Promise<boolean> {
  const pagesDone = "(SELECT DISTINCT p FROM unnest(r.pages_done || $3::integer) AS p)";
  const rows = await db.query<{ completed: boolean }>(
    `UPDATE webshop_index_runs r
        SET pages_done = ARRAY(SELECT p FROM ${pagesDone} AS done ORDER BY p),
            completed_at = CASE WHEN (SELECT count(*) FROM ${pagesDone} AS done) >= greatest(r.total_pages, 1) THEN now() END
      WHERE r.configuration_id = $1 AND r.run_id = $2 AND r.completed_at IS NULL AND $3 BETWEEN 1 AND greatest(r.total_pages, 1)
        AND r.per_page = $4 AND r.total = $5 AND r.total_pages = $6 AND ${inScope("r.configuration_id", 7)}
      RETURNING r.completed_at IS NOT NULL AS completed`,
    [configurationId, runId, page, shape.perPage, shape.total, shape.totalPages, ...scopeParams(scope)],
  );
  return rows[0]?.completed === true;
}

/**
 * After a run completed: removes the products of its shop type (of one vendor, when given) that no index call
 * saved since the run started, as the shop no longer has them, with the assistant's knowledge of them. A product
 * another call saved meanwhile stays. Their articles of kind `product` that no staying product shares go first,
 * each as one article is deleted (its own transaction, locking as every other writer of knowledge does): should
 * this stop halfway, a product left without its article is no longer recommended, and the next complete run
 * removes it. Once another run has replaced this one, nothing more is removed. Answers how many products went.
 */
export async function removeProductsNotSeen(db: Db, scope: Scope, configurationId: string, runId: string, vendor?: string): Promise<number> {
  const notSeen = `p.configuration_id = $1 AND ${inScope("p.configuration_id", 3)}
        AND EXISTS (SELECT 1 FROM webshop_index_runs r WHERE r.configuration_id = p.configuration_id AND r.run_id = $2
                       AND r.webshop_type = p.webshop_type AND p.indexed_at < r.started_at)`;
  const notSeenParams = [configurationId, runId, ...scopeParams(scope)];
  // A Shopify product keeps its vendor in the stored Product's metadata (see `shopifyProduct`).
  const gone = await db.query<{ product_id: string; article_id: string | null }>(
    `SELECT p.product_id, p.article_id FROM webshop_products p
      WHERE ${notSeen} AND ($5::text IS NULL OR p.product -> 'metadata' ->> 'vendor' = $5)`,
    [...notSeenParams, vendor ?? null],
  );
  if (gone.length === 0) return 0;
  const productIds = gone.map((row) => row.product_id);
  const articles = await db.query<{ id: string }>(
    `SELECT a.id FROM knowledge_articles a
      WHERE a.configuration_id = $1 AND a.kind = 'product' AND a.id = ANY($2::uuid[]) AND ${inScope("a.configuration_id", 4)}
        AND NOT EXISTS (SELECT 1 FROM webshop_products o WHERE o.configuration_id = a.configuration_id AND o.article_id = a.id
                           AND o.product_id <> ALL($3::text[]))
      ORDER BY a.id`,
    [configurationId, [...new Set(gone.flatMap((row) => row.article_id ?? []))], productIds, ...scopeParams(scope)],
  );
  for (const article of articles) await deleteArticle(db, scope, configurationId, article.id);
  const removed = await db.query<{ product_id: string }>(
    `DELETE FROM webshop_products p WHERE ${notSeen} AND p.product_id = ANY($5::text[]) RETURNING p.product_id`,
    [...notSeenParams, productIds],
  );
  return removed.length;
}

export const productSortColumns = { name: "lower(name)", price: "price", stock_quantity: "stock_quantity" } as const;
export type ProductSortField = keyof typeof productSortColumns;

export interface ProductQuery {
  page: number;
  perPage: number;
  sort: ProductSortField;
  descending: boolean;
  search: string;
}

/** One page of a configuration's products, matching `search` (any case) in name, sku, description, categories or tags. */
export async function searchProducts(db: Db, scope: Scope, configurationId: string, query: ProductQuery): Promise<{ items: Product[]; total: number }> {
  const search = query.search.trim().toLowerCase();
  const filter = `configuration_id = $1 AND ${inScope("configuration_id", 2)} AND ($4::text = '' OR search_text LIKE $5)`;
  const params = [configurationId, ...scopeParams(scope), search, containsPattern(search)];
  // The column comes from the whitelist above, never from the request.
  const order = `${productSortColumns[query.sort]} ${query.descending ? "DESC" : "ASC"} NULLS LAST, product_id`;
  const [rows, counted] = await Promise.all([
    db.query<{ product: Product }>(`SELECT product FROM webshop_products WHERE ${filter} ORDER BY ${order} LIMIT $6 OFFSET $7`, [
      ...params,
      query.perPage,
      (query.page - 1) * query.perPage,
    ]),
    db.query<{ n: string | number }>(`SELECT count(*) AS n FROM webshop_products WHERE ${filter}`, params),
  ]);
  return { items: rows.map((row) => row.product), total: Number(counted[0]?.n ?? 0) };
}
