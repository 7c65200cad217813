-- Visitors' conversations with the assistant (the /chat socket and its HTTP fallback), which the live,
-- history and post-processed screens read later.
--
-- A conversation is found by its `session_id`: the one secret a visitor holds (at least 128 random bits),
-- so nobody can read or continue another visitor's conversation by guessing.
CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  session_id text NOT NULL UNIQUE CHECK (session_id ~ '^[A-Za-z0-9_-]{22,128}$'),
  status text NOT NULL DEFAULT 'Ongoing' CHECK (status IN ('Ongoing', 'Closed')),
  -- The language the assistant answers in now (detected or the configuration's).
  language text NOT NULL CHECK (language IN ('en', 'nl', 'de', 'es', 'fr')),
  -- Kept per the anonymisation settings: the address itself, or null.
  client_ip text,
  page_url text,
  time_started timestamptz NOT NULL DEFAULT now(),
  last_activity timestamptz NOT NULL DEFAULT now(),
  user_message_count integer NOT NULL DEFAULT 0,
  is_locked boolean NOT NULL DEFAULT false,
  is_manual boolean NOT NULL DEFAULT false,
  taken_over_by uuid REFERENCES users (id) ON DELETE SET NULL,
  alert_triggered boolean NOT NULL DEFAULT false,
  alert_message text,
  agent_note text
);

CREATE INDEX conversations_by_configuration ON conversations (configuration_id, time_started DESC);
CREATE INDEX conversations_ongoing ON conversations (configuration_id, last_activity DESC) WHERE status = 'Ongoing';

CREATE TABLE conversation_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  -- The order of a conversation's messages (timestamps of two messages can be equal).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  role text NOT NULL CHECK (role IN ('user', 'assistant', 'human_agent', 'system')),
  content text NOT NULL,
  raw_input text,
  -- The widget's id of a visitor message: a resend with the same id is the same message.
  client_message_id text CHECK (client_message_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  -- The visitor message an answer answers (so that a resend finds its answer).
  reply_to uuid REFERENCES conversation_messages (id) ON DELETE SET NULL,
  agent_name text,
  sources jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- 1 (thumbs up) or -1 (thumbs down) from the visitor, on assistant answers.
  rating smallint CHECK (rating IN (-1, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (conversation_id, client_message_id)
);

CREATE INDEX conversation_messages_in_order ON conversation_messages (conversation_id, seq);
CREATE INDEX conversation_messages_replies ON conversation_messages (reply_to) WHERE reply_to IS NOT NULL;

-- Configurations made before `allowed_origins` existed allow every website, as they did.
UPDATE configurations SET settings = settings || '{"allowed_origins": []}'::jsonb WHERE NOT settings ? 'allowed_origins';
