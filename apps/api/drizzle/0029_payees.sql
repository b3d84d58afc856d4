-- Hand-written (drizzle-kit generate --custom). Payees: who a transaction was with, as a list of the user's
-- own that can be renamed and merged ("AMZN Mktp US*2K4" and "Amazon" become one). A transaction keeps its
-- name (the title the user sees and the original client sends) and, for imported rows, the payee text as
-- the bank wrote it (bank_payee), which no rename or merge changes.
--
-- A payee's key is its name folded to the words that name it (imports/payee-match.ts `payeeKey`): one
-- payee per key and user, so "AMZN Mktp US*2K4" and "AMZN MKTP US*9Z9" are one payee from the start.
CREATE TABLE "payees" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "key" text NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payees_user_key_unique" ON "payees" ("user_id", "key");
--> statement-breakpoint
-- The target of the transactions' foreign key on (user, payee): a row can never point at another user's payee.
CREATE UNIQUE INDEX "payees_user_id_unique" ON "payees" ("user_id", "id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payee_id" uuid;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "bank_payee" text;
--> statement-breakpoint
-- Deleting a payee (a merge) leaves no row pointing at it; the merge moves the rows first.
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_payee_fk" FOREIGN KEY ("user_id", "payee_id")
  REFERENCES "payees"("user_id", "id") ON DELETE SET NULL ("payee_id");
--> statement-breakpoint
-- A payee's rows (counts, merges, the list's payee filter).
CREATE INDEX "transactions_payee_idx" ON "transactions" ("payee_id") WHERE "payee_id" IS NOT NULL;
--> statement-breakpoint
-- Search finds rows by their payee too ("cafe" finds the payee "Café"), folded like names and notes.
CREATE INDEX "payees_user_name_fold_trgm_idx" ON "payees" USING gin ("user_id", paisable_fold("name") gin_trgm_ops);
--> statement-breakpoint
-- "Bank text contains X → payee Y": made by a merge (the merged payee's words), applied when an import saves
-- its rows, so the next statement's "AMZN Mktp US*7Q1" lands on "Amazon" too.
CREATE TABLE "payee_rules" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "payee_id" uuid NOT NULL REFERENCES "payees"("id") ON DELETE cascade,
  "pattern" text NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payee_rules_user_pattern_unique" ON "payee_rules" ("user_id", "pattern");
--> statement-breakpoint
-- A payee renamed changes the user's list pages: remembered pages and counts are read again.
CREATE TRIGGER payees_version_update AFTER UPDATE ON payees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
