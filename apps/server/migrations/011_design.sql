-- The chat widget's design (/chatbot/settings…): one design per configuration (its look-and-feel fields and
-- its button, each a JSON object as the contract shapes it), the design images, the embed script and the
-- demo page. Bytes live in the database like training files, so that instances share them and they go
-- with their configuration. Images and demo pages are known by names the server made.
CREATE TABLE chatbot_designs (
  configuration_id uuid PRIMARY KEY REFERENCES configurations (id) ON DELETE CASCADE,
  settings jsonb NOT NULL CHECK (jsonb_typeof(settings) = 'object'),
  button_settings jsonb NOT NULL CHECK (jsonb_typeof(button_settings) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chatbot_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  image_type smallint NOT NULL CHECK (image_type BETWEEN 1 AND 4),
  stored_name text NOT NULL CHECK (stored_name ~ '^[a-z0-9-]{1,80}\.(png|jpg|gif|webp)$'),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  size_bytes integer NOT NULL CHECK (size_bytes = octet_length(content)),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (configuration_id, stored_name)
);

CREATE INDEX chatbot_images_listing ON chatbot_images (configuration_id, image_type, created_at DESC);

CREATE TABLE chatbot_scripts (
  configuration_id uuid PRIMARY KEY REFERENCES configurations (id) ON DELETE CASCADE,
  content text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One demo page per configuration, served at a random id (the configuration's id is public on websites).
CREATE TABLE chatbot_demos (
  configuration_id uuid PRIMARY KEY REFERENCES configurations (id) ON DELETE CASCADE,
  demo_id text NOT NULL UNIQUE CHECK (demo_id ~ '^[a-f0-9]{32}$'),
  content bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
