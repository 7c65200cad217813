-- The agents' live screens (issue 16): their notifications, and which agents are connected right now.

-- A notification belongs to one user (an agent of the configuration's customer, or an admin).
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('chat', 'alert')),
  message text NOT NULL,
  sender text,
  -- The conversation it is about (alerts are de-duplicated per configuration and session).
  session_id text,
  is_read boolean NOT NULL DEFAULT false,
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX notifications_of_user ON notifications (user_id, created_at DESC) WHERE NOT hidden;
CREATE INDEX notifications_latest_chat ON notifications (user_id, configuration_id, created_at DESC) WHERE type = 'chat';
-- One alert per user, configuration and conversation, however often it fires.
CREATE UNIQUE INDEX notifications_one_alert ON notifications (user_id, configuration_id, session_id) WHERE type = 'alert';

-- The agents' open /live connections, on every instance. An instance refreshes `seen_at` of its own
-- connections while it runs and removes them when it stops; rows of an instance that died stop counting
-- once `seen_at` is old.
CREATE TABLE agent_connections (
  socket_id text PRIMARY KEY,
  instance_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The customer whose configurations the agent watches (null for an admin).
  customer_id uuid REFERENCES customers (id) ON DELETE CASCADE,
  -- An admin's selected configurations.
  configuration_ids uuid[] NOT NULL DEFAULT '{}',
  -- false after `agent_disconnected`: the portal is going away.
  present boolean NOT NULL DEFAULT true,
  seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX agent_connections_by_customer ON agent_connections (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX agent_connections_by_instance ON agent_connections (instance_id);
