import type { Db } from "../../platform/db/db";
import type { Schemas } from "../../platform/http/contract-types";
import { deleteArticlesOfKind } from "../knowledge/repository";
import { scopeCondition, scopeParams, type Scope } from "../tenancy";
import type { WordpressType } from "./client";

export type IndexedItem = Schemas["WordpressItem"];

interface IndexedRow {
  wordpress_id: string | number;
  type: WordpressType;
  title: string;
  link: string;
  indexed: boolean;
  word_count: number;
}

// A WordPress item belongs to a configuration; the scope is the configuration's customer.
const inScope = (column: string, first: number) => `${column} IN (SELECT id FROM configurations WHERE ${scopeCondition("customer_id", first)})`;

/** The pages and posts indexed for a configuration the scope may see, pages first, by title. */
export async function listIndexed(db: Db, scope: Scope, configurationId: string): Promise<IndexedItem[]> {
  const rows = await db.query<IndexedRow>(
    `SELECT w.wordpress_id, w.type, w.title, w.link, a.indexed, a.word_count
       FROM wordpress_items w JOIN knowledge_articles a ON a.id = w.article_id
      WHERE w.configuration_id = $1 AND ${inScope("w.configuration_id", 2)}
      ORDER BY w.type, lower(w.title), w.wordpress_id`,
    [configurationId, ...scopeParams(scope)],
  );
  return rows.map((row) => ({
    id: Number(row.wordpress_id),
    type: row.type,
    title: row.title,
    link: row.link,
    indexed: row.indexed,
    word_count: row.word_count,
  }));
}

/**
 * The article that holds an indexed page's text, when indexing it again may rewrite that article: one of
 * kind `wordpress` that no other page or post shares (two with the same text share one article).
 */
export async function replaceableArticle(
  db: Db,
  configurationId: string,
  site: string,
  type: WordpressType,
  wordpressId: number,
): Promise<string | undefined> {
  const rows = await db.query<{ article_id: string }>(
    `SELECT w.article_id FROM wordpress_items w JOIN knowledge_articles a ON a.id = w.article_id AND a.kind = 'wordpress'
      WHERE w.configuration_id = $1 AND w.site = $2 AND w.type = $3 AND w.wordpress_id = $4
        AND NOT EXISTS (SELECT 1 FROM wordpress_items o WHERE o.article_id = w.article_id
                           AND (o.site, o.type, o.wordpress_id) IS DISTINCT FROM (w.site, w.type, w.wordpress_id))`,
    [configurationId, site, type, wordpressId],
  );
  return rows[0]?.article_id;
}

/**
 * Records which article holds an indexed page or post (of a configuration the scope may see), replacing
 * the earlier record of it. `false`: the configuration or the article is gone.
 */
export async function saveIndexedItem(
  db: Db,
  scope: Scope,
  configurationId: string,
  site: string,
  item: { type: WordpressType; id: number; title: string; link: string },
  articleId: string,
): Promise<boolean> {
  const rows = await db.query<{ wordpress_id: string }>(
    `INSERT INTO wordpress_items (configuration_id, site, type, wordpress_id, title, link, article_id)
     SELECT c.id, $2, $3, $4, $5, $6, a.id FROM configurations c JOIN knowledge_articles a ON a.configuration_id = c.id AND a.id = $7
      WHERE c.id = $1 AND ${scopeCondition("c.customer_id", 8)}
     ON CONFLICT (configuration_id, site, type, wordpress_id)
       DO UPDATE SET title = EXCLUDED.title, link = EXCLUDED.link, article_id = EXCLUDED.article_id, indexed_at = now()
     RETURNING wordpress_id`,
    [configurationId, site, item.type, item.id, item.title, item.link, articleId, ...scopeParams(scope)],
  );
  return rows.length > 0;
}

/**
 * Deletes the WordPress content of a configuration the scope may see: every article of kind `wordpress`
 * (chunks and words with them) and every record of an indexed page or post. Answers how many pages and
 * posts (or articles, when more) were removed.
 */
export async function deleteWordpressContent(db: Db, scope: Scope, configurationId: string): Promise<number> {
  return db.transaction(async (tx) => {
    // The records first: deleting the articles would take theirs with them, uncounted.
    const items = await tx.query<{ article_id: string }>(
      `DELETE FROM wordpress_items w WHERE w.configuration_id = $1 AND ${inScope("w.configuration_id", 2)} RETURNING w.article_id`,
      [configurationId, ...scopeParams(scope)],
    );
    const articles = await deleteArticlesOfKind(tx, scope, configurationId, "wordpress");
    return Math.max(articles.length, items.length);
  });
}
