-- The URL list of a configuration (/training/urls/get and /save): replaced whole on each save, so one
-- row per configuration holds it in order, and goes with its configuration.
CREATE TABLE training_url_lists (
  configuration_id uuid PRIMARY KEY REFERENCES configurations (id) ON DELETE CASCADE,
  urls jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
