-- Hand-written (drizzle-kit generate --custom). Each server process remembers the rows of users it has
-- authenticated, so a read request costs no round trip for them (lib/authenticate.ts). Any change to a
-- user row, whatever the code path (preferences, password, account deletion, a manual fix), tells every
-- process to forget that row: a notification is delivered when the writer's transaction commits.
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paisable_user_changed', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
