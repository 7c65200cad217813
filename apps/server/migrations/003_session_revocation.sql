-- Tokens carry the user's token_version; a token whose version is behind the row's is refused.
-- The version moves here, whatever changed the row (a route, an admin with psql), so that a new
-- password or a deactivation always ends every session issued before it, and reactivating the user
-- does not bring those sessions back.

CREATE FUNCTION parley_revoke_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
     OR (NEW.status = 'inactive' AND OLD.status IS DISTINCT FROM 'inactive') THEN
    NEW.token_version := OLD.token_version + 1;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER users_revoke_sessions BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION parley_revoke_sessions();
