-- Hand-written (drizzle-kit generate --custom). Every statement that writes transactions or budgets adds 1
-- to the version of each user it touched (a user without a row reads as version 0; the first write makes it
-- 1). Readers remember expensive results (a user's budgets, a search's count) with the version they read
-- before computing them, and reuse them only while it is unchanged: correct across server processes,
-- since the version lives in the database and changes in the writer's own transaction.
-- Statement-level, one row per user in key order, after the totals triggers (trigger names sort
-- "totals" < "version"), so writers always lock totals rows before version rows and never in the other
-- order. Users being deleted (cascades) are skipped: their row goes with them.
CREATE FUNCTION bump_user_data_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_data_versions AS v (user_id)
    SELECT DISTINCT user_id FROM new_rows c WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id) ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_data_versions AS v (user_id)
    SELECT DISTINCT user_id FROM old_rows c WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id) ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO user_data_versions AS v (user_id)
    SELECT user_id FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id) ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_version_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER transactions_version_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER transactions_version_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER budgets_version_insert AFTER INSERT ON budgets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER budgets_version_update AFTER UPDATE ON budgets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER budgets_version_delete AFTER DELETE ON budgets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
