-- The webshop of a configuration (spec 02 §7.8): which shop and which product fields the assistant reads, the
-- credentials of the shop's API, and the products indexed from it.
CREATE TABLE webshop_settings (
  configuration_id uuid PRIMARY KEY REFERENCES configurations (id) ON DELETE CASCADE,
  selected_webshop text CHECK (selected_webshop IN ('WooCommerce', 'Shopify')),
  selected_options jsonb NOT NULL DEFAULT '[]'::jsonb,
  selected_vendor text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Key and secret are never answered back (only whether they exist, the shop's type and its address), and are
-- stored sealed: AES-256-GCM under a key derived from the server's secret (platform/auth/sealed-secrets.ts).
CREATE TABLE webshop_credentials (
  configuration_id uuid PRIMARY KEY REFERENCES configurations (id) ON DELETE CASCADE,
  webshop_type text NOT NULL CHECK (webshop_type IN ('WooCommerce', 'Shopify')),
  webshop_url text NOT NULL,
  webshop_key text NOT NULL,
  webshop_secret text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per product of the shop: indexing it again updates the row. `product` is the contract's Product;
-- `search_text` the lower-cased name, sku, description, categories and tags the product search reads;
-- `article_id` the knowledge article the assistant finds it by (kept when that article is deleted from the
-- trained knowledge, so the product stays listed).
CREATE TABLE webshop_products (
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  product_id text NOT NULL,
  webshop_type text NOT NULL CHECK (webshop_type IN ('WooCommerce', 'Shopify')),
  name text NOT NULL,
  price numeric,
  stock_quantity integer,
  product jsonb NOT NULL,
  search_text text NOT NULL,
  article_id uuid REFERENCES knowledge_articles (id) ON DELETE SET NULL,
  -- The knowledge text's hash: a product indexed again with the same text keeps its article as it is.
  content_hash text,
  indexed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (configuration_id, product_id)
);
CREATE INDEX webshop_products_article ON webshop_products (article_id);
CREATE INDEX webshop_products_name ON webshop_products (configuration_id, lower(name));
