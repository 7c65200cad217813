-- The dashboard's language-model cost and the premium-features contact form.
--
-- An assistant answer written by a language model keeps the provider's token counts and the model that
-- answered, so the dashboard can price it (spec 02 §9: GPT cost per 100 messages). Answers of the embedded
-- extractive assistant call no model and keep null: they cost nothing. Only the answer's own call is
-- recorded; the small side calls (language detection, URL search, alert verdicts) are not.
ALTER TABLE conversation_messages
  ADD COLUMN model text CHECK (length(model) <= 200),
  ADD COLUMN prompt_tokens integer CHECK (prompt_tokens >= 0),
  ADD COLUMN completion_tokens integer CHECK (completion_tokens >= 0);

-- The dashboard of every configuration (admins) counts conversations by the month they started.
CREATE INDEX conversations_by_time_started ON conversations (time_started);

-- A customer's question about premium features (spec 01 §3 "Contact-premium message"), kept for the
-- provider's staff, who are also e-mailed.
CREATE TABLE premium_contact_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  customer_id uuid REFERENCES customers (id) ON DELETE CASCADE,
  product text CHECK (length(product) <= 200),
  selected_features text[] NOT NULL DEFAULT '{}',
  other_feature text CHECK (length(other_feature) <= 500),
  message text CHECK (length(message) <= 5000),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX premium_contact_requests_by_time ON premium_contact_requests (created_at DESC);
