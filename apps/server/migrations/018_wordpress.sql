-- The WordPress pages and posts indexed for a configuration: which article holds the text of each, so that
-- indexing it again replaces that article instead of adding one, and the indexed list can name them. A
-- page is known by its site (the address its REST API was read from), its type and WordPress's own id.
CREATE TABLE wordpress_items (
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  site text NOT NULL,
  type text NOT NULL CHECK (type IN ('page', 'post')),
  wordpress_id bigint NOT NULL,
  title text NOT NULL,
  link text NOT NULL,
  -- Deleting the article (from the trained knowledge list) forgets the page too.
  article_id uuid NOT NULL REFERENCES knowledge_articles (id) ON DELETE CASCADE,
  indexed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (configuration_id, site, type, wordpress_id)
);
CREATE INDEX wordpress_items_article ON wordpress_items (article_id);
