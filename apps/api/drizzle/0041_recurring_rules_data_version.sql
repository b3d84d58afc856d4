-- Hand-written (drizzle-kit generate --custom). Writes to recurring rules add 1 to their user's data version,
-- as writes to transactions, budgets and accounts do (0011): the recurring list can then be remembered until
-- the next change, like the other reads (a rule's next due day moved by the recording job is such a change).
CREATE TRIGGER recurring_rules_version_insert AFTER INSERT ON recurring_rules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER recurring_rules_version_update AFTER UPDATE ON recurring_rules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER recurring_rules_version_delete AFTER DELETE ON recurring_rules
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
