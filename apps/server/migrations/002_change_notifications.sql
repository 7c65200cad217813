-- Read caches in every API instance learn of changed rows through NOTIFY (src/platform/db/change-feed.ts).
-- The notification is sent when the transaction commits, whatever changed the row: a route, a
-- cascade from a deleted customer, or a person with psql.

CREATE FUNCTION parley_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parley_changes', TG_TABLE_NAME || ':' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER configurations_notify_change AFTER UPDATE OR DELETE ON configurations
  FOR EACH ROW EXECUTE FUNCTION parley_notify_change();

CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION parley_notify_change();
