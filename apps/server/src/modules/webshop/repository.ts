import type { WebshopType } from "@parley/domain";
import type { Db } from "../../platform/db/db";
import { containsPattern } from "../../platform/db/like";
import type { Schemas } from "../../platform/http/contract-types";
import { deleteArticlesOfKind } from "../knowledge/repository";
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
