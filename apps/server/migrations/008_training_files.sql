-- Training files (/training/files/upload, /files/get_names, /files/delete, /files/scrape): the bytes live
-- in the database, so that instances share them and they go with their configuration. Each file is
-- known by a name the server made (`stored_name`, unique per configuration); the name it was uploaded
-- under is kept only to be shown. A text is stored as UTF-8, whatever it was sent in.
CREATE TABLE training_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  stored_name text NOT NULL CHECK (stored_name ~ '^[a-z0-9-]{1,80}\.(pdf|txt)$'),
  original_name text NOT NULL CHECK (char_length(original_name) BETWEEN 1 AND 255),
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'text/plain; charset=utf-8')),
  size_bytes integer NOT NULL CHECK (size_bytes = octet_length(content)),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (configuration_id, stored_name)
);

CREATE INDEX training_files_listing ON training_files (configuration_id, created_at DESC);
