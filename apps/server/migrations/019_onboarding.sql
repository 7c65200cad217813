-- The self-onboarding website scan (spec 02 §7.9): one row per website URL a user had checked, with what each
-- step of the wizard proposed from the site. An attempt belongs to the user who started it and to nobody else
-- (a self-onboarding user has no customer yet), so it is keyed to the user, and goes with them.
CREATE TABLE onboarding_attempts (
  -- Random (gen_random_uuid, 122 bits): the id travels in the wizard's calls and cannot be guessed.
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The home page the check ended on, after redirects: every step reads this address, never one sent later.
  url text NOT NULL,
  -- What the check read from the home page for the later steps: name, description, og:image.
  site jsonb NOT NULL DEFAULT '{}'::jsonb,
  branding jsonb,
  persona jsonb,
  faq jsonb NOT NULL DEFAULT '[]'::jsonb,
  urls jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The order attempts were made in, for keeping a user's newest: timestamps can tie, this cannot.
  position bigint GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX onboarding_attempts_user ON onboarding_attempts (user_id, position);
