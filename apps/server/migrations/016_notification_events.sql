-- Issue 16's fan-out, second round: one row per notification event instead of one per recipient.
--
-- A notification event (a visitor's message in a taken-over conversation, an alert) is stored once, for its
-- configuration. Who sees it is decided by the same rule that picked the recipients before (spec 02 §9): the
-- users of the configuration's customer at the time (`customer_id`, copied from the configuration) and the
-- admins, and of those only the users that existed when it happened (a user added later does not see older
-- events). A user's own state of an event (read, unread again, hidden) is a row of `notification_states`,
-- written only when the user changes it; an event without such a row is unread and shown.
CREATE TABLE notification_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  -- null: the configuration had no customer, so only admins see it.
  customer_id uuid REFERENCES customers (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('chat', 'alert')),
  message text NOT NULL,
  sender text,
  -- The conversation it is about (alerts are de-duplicated per configuration and session).
  session_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The order of events with the same time (the embedded database's clock can give two the same).
  seq bigint GENERATED ALWAYS AS IDENTITY
);

CREATE INDEX notification_events_of_customer ON notification_events (customer_id, created_at DESC);
-- Admins see every customer's events.
CREATE INDEX notification_events_by_time ON notification_events (created_at DESC);
-- One alert per configuration and conversation, however often it fires.
CREATE UNIQUE INDEX notification_events_one_alert ON notification_events (configuration_id, session_id) WHERE type = 'alert';

CREATE TABLE notification_states (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  notification_id uuid NOT NULL REFERENCES notification_events (id) ON DELETE CASCADE,
  is_read boolean NOT NULL DEFAULT false,
  hidden boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, notification_id)
);
CREATE INDEX notification_states_of_event ON notification_states (notification_id);

-- The stored notifications move over: one event per id (migration 015 gave every recipient of an event the
-- same id), the state of each recipient that read or hid it, and, so that nobody gains a notification they
-- never had, a hidden state for every user the rule would show an event to who had no row of it.
INSERT INTO notification_events (id, configuration_id, customer_id, type, message, sender, session_id, created_at)
SELECT * FROM (
  SELECT DISTINCT ON (n.id) n.id, n.configuration_id, c.customer_id, n.type, n.message, n.sender, n.session_id, n.created_at
    FROM notifications n JOIN configurations c ON c.id = n.configuration_id
   ORDER BY n.id, n.created_at
) event ORDER BY created_at, id;

INSERT INTO notification_states (user_id, notification_id, is_read, hidden)
SELECT n.user_id, n.id, n.is_read, n.hidden FROM notifications n WHERE n.is_read OR n.hidden;

INSERT INTO notification_states (user_id, notification_id, is_read, hidden)
SELECT u.id, e.id, false, true
  FROM notification_events e
  JOIN users u ON (u.role = 'admin' OR (e.customer_id IS NOT NULL AND u.customer_id = e.customer_id)) AND u.created_at <= e.created_at
 WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.id = e.id AND n.user_id = u.id);

DROP TABLE notifications;
