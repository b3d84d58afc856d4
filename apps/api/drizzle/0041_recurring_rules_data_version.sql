-- Hand-written (drizzle-kit generate --custom). Writes to recurring rules add 1 to their user's data version,
-- as writes to transactions, budgets and accounts do (0011): the recurring list can then be remembered until
-- the next change, like the other reads (a rule's next due day moved by the recording job is such a change).
-- Deferred to the commit, unlike 0011's statement triggers: creating or changing a rule records its due
-- occurrences after writing the rule, and a version row locked before those rows' totals would reverse
-- 0011's lock order (totals rows, then the version row) against another write of the same user: a deadlock.
-- At the commit every totals row the transaction writes is already locked.
CREATE FUNCTION bump_user_data_version_of_rule() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  INSERT INTO user_data_versions AS v (user_id)
  SELECT owner WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = owner)
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER recurring_rules_version AFTER INSERT OR UPDATE OR DELETE ON recurring_rules
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_user_data_version_of_rule();
