-- Files a website's visitor sends in the chat (issue 15, the design's `allowAttachments`). The bytes live in
-- the database like design images; each belongs to one conversation and is served only to that visitor's
-- session (agents' access comes with the live screens). `name` is the visitor's own file name, shown as
-- text only; downloads are named by the server.
CREATE TABLE conversation_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf')),
  size_bytes integer NOT NULL CHECK (size_bytes = octet_length(content)),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX conversation_attachments_conversation ON conversation_attachments (conversation_id, created_at);
