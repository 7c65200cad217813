-- Read caches in every API instance learn of changed rows through NOTIFY on channel
-- parley_changes_<schema> (src/platform/db/change-feed.ts).
-- The notification is sent when the transaction commits, whatever changed the row: a route, a
-- cascade from a deleted customer, or a person with psql.

CREATE FUNCTION parley_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parley_changes_' || TG_TABLE_SCHEMA, TG_TABLE_NAME || ':' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$$;

-- TRUNCATE has no rows to name: the payload is the table alone, and caches drop all of it.
CREATE FUNCTION parley_notify_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parley_changes_' || TG_TABLE_SCHEMA, TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER configurations_notify_change AFTER UPDATE OR DELETE ON configurations
  FOR EACH ROW EXECUTE FUNCTION parley_notify_change();
CREATE TRIGGER configurations_notify_truncate AFTER TRUNCATE ON configurations
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_truncate();

CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION parley_notify_change();
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION parley_notify_truncate();
