-- Issue 16's fan-out: a visitor's message in a taken-over conversation notifies every agent of the configuration.

-- One notification event has one id for all its recipients (so all of them get the same payload, sent in one
-- broadcast); each recipient still has their own row, read, unread and hidden on its own. A row is found by
-- its id and its user, as every call already does.
ALTER TABLE notifications DROP CONSTRAINT notifications_pkey;
ALTER TABLE notifications ADD PRIMARY KEY (id, user_id);

-- Duplicate chat notifications (same last text and configuration, spec 01 §4) are suppressed: the text of each
-- configuration's last chat notification, checked and replaced in the statement that adds the notifications,
-- instead of a probe of every recipient's latest row.
CREATE TABLE chat_notification_last (
  configuration_id uuid PRIMARY KEY REFERENCES configurations (id) ON DELETE CASCADE,
  message text NOT NULL
);

INSERT INTO chat_notification_last (configuration_id, message)
SELECT DISTINCT ON (configuration_id) configuration_id, message
  FROM notifications WHERE type = 'chat'
 ORDER BY configuration_id, created_at DESC;

DROP INDEX notifications_latest_chat;
