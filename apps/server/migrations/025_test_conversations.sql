-- A conversation of the portal's test environment (started with the server's test ticket): the customer tries
-- the assistant out, and its answers use no message of the quota (up to a daily cap, counted over its test
-- conversations: hence the index).
ALTER TABLE conversations ADD COLUMN is_test boolean NOT NULL DEFAULT false;
CREATE INDEX conversations_tests ON conversations (configuration_id) WHERE is_test;
