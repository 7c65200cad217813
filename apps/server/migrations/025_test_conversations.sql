-- A conversation of the portal's test environment (started with the server's test ticket): the customer tries
-- the assistant out, and its answers use no message of the quota.
ALTER TABLE conversations ADD COLUMN is_test boolean NOT NULL DEFAULT false;
