-- The last index run of a configuration's webshop, so that re-indexing mirrors the shop: once a run has read
-- every page of the shop's products, the stored products of its shop type it did not see (their `indexed_at`
-- older than the run's start) are removed. WooCommerce is read page by page over many calls: page 1 starts a
-- run (with the shop's totals as it answered them), each later page of the same `per_page` and totals is
-- recorded in `pages_done`, and the call that records the last missing page completes it. A Shopify run is one
-- call (one page). A run that never completes removes nothing; starting another replaces it.
CREATE TABLE webshop_index_runs (
  configuration_id uuid PRIMARY KEY REFERENCES configurations (id) ON DELETE CASCADE,
  run_id uuid NOT NULL DEFAULT gen_random_uuid(),
  webshop_type text NOT NULL CHECK (webshop_type IN ('WooCommerce', 'Shopify')),
  started_at timestamptz NOT NULL DEFAULT now(),
  per_page integer NOT NULL CHECK (per_page > 0),
  total integer NOT NULL CHECK (total >= 0),
  total_pages integer NOT NULL CHECK (total_pages >= 0),
  pages_done integer[] NOT NULL DEFAULT '{}',
  completed_at timestamptz
);

