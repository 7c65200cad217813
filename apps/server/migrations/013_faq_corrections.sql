-- Agents' corrections of the assistant: a visitor's question, as the visitor put it, linked to the FAQ entry
-- (by that row's question) that answers it. The FAQ matcher counts it as one more phrasing of the entry, so
-- the assistant learns the words this configuration's visitors use.
CREATE TABLE faq_corrections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  question text NOT NULL CHECK (char_length(question) BETWEEN 1 AND 1000),
  faq_question text NOT NULL CHECK (char_length(faq_question) BETWEEN 1 AND 10000),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (configuration_id, question)
);

CREATE INDEX faq_corrections_newest ON faq_corrections (configuration_id, created_at DESC);
