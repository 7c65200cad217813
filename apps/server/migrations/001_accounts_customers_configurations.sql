-- Tenants, accounts, configurations and FAQ datasets (issue 4).

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL DEFAULT '',
  company_name text,
  contact_person text,
  contact_person_phone text,
  contact_person_email text,
  street text,
  house_number text,
  addition text,
  postal_code text,
  city text,
  country text,
  stripe_customer_id text,
  language text,
  timezone text,
  tax_exempt boolean,
  tax_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid REFERENCES customers (id) ON DELETE SET NULL,
  email text NOT NULL,
  username text NOT NULL,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  avatar text,
  role text NOT NULL CHECK (role IN ('admin', 'customer', 'customer_so')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  show_wizard boolean NOT NULL DEFAULT false,
  show_instructions boolean NOT NULL DEFAULT false,
  force_refresh_password boolean NOT NULL DEFAULT false,
  language text NOT NULL DEFAULT 'en',
  is_available boolean NOT NULL DEFAULT true,
  -- Raised when the password is reset; tokens carry the version they were
  -- issued with, so every older token is refused from then on.
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_customer_idx ON users (customer_id);

-- Registrations waiting for their e-mailed one-time code.
CREATE TABLE pending_registrations (
  email text PRIMARY KEY,
  firstname text NOT NULL,
  lastname text NOT NULL,
  password_hash text NOT NULL,
  language text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

CREATE TABLE configurations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid REFERENCES customers (id) ON DELETE CASCADE,
  name text NOT NULL,
  product text NOT NULL,
  message_limit integer NOT NULL,
  remaining_messages integer NOT NULL,
  usage_reset_date date,
  -- Every other field of spec 01 §3 Configuration (model settings, switches, instructions).
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX configurations_customer_idx ON configurations (customer_id);

CREATE TABLE datasets (
  id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  configuration_id uuid PRIMARY KEY REFERENCES configurations (id) ON DELETE CASCADE,
  dataset_name text NOT NULL,
  dataset_data jsonb NOT NULL,
  dataset_headers jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every message the embedded mailer "sent", readable at /api/dev/mailbox.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
