-- Hand-written (drizzle-kit generate --custom). Tags: any number per transaction, named by the user
-- ("holiday-2026", "tax-deductible"). A tag's name is unique per user in any letter case; the join table
-- carries the user too, so the data-version triggers see whose list a tag change touches, and an index
-- per direction serves both reads: a row's tags (transaction_id) and a tag's rows (tag_id, the primary key).
CREATE TABLE "tags" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tags_user_name_unique" ON "tags" ("user_id", lower("name"));
--> statement-breakpoint
CREATE TABLE "transaction_tags" (
  "tag_id" uuid NOT NULL REFERENCES "tags"("id") ON DELETE cascade,
  "transaction_id" uuid NOT NULL REFERENCES "transactions"("id") ON DELETE cascade,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  CONSTRAINT "transaction_tags_pk" PRIMARY KEY ("tag_id", "transaction_id")
);
--> statement-breakpoint
CREATE INDEX "transaction_tags_transaction_idx" ON "transaction_tags" ("transaction_id", "tag_id");
--> statement-breakpoint
-- A tag given, renamed, merged or deleted changes the user's list: remembered pages and counts are read again.
CREATE TRIGGER transaction_tags_version_insert AFTER INSERT ON transaction_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER transaction_tags_version_update AFTER UPDATE ON transaction_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER transaction_tags_version_delete AFTER DELETE ON transaction_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER tags_version_update AFTER UPDATE ON tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
