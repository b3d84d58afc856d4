-- Hand-written (drizzle-kit generate --custom). The account the user said a receipt was paid from, chosen on
-- the upload form: its expense is recorded there (and the review opens on it). Null for a receipt uploaded
-- without one (the original client, every receipt before this): it goes to the first open account. An
-- account deleted meanwhile leaves the receipt to the same default.
ALTER TABLE "receipts" ADD COLUMN "account_id" uuid;
--> statement-breakpoint
-- On (user_id, account_id), like every link to an account: a receipt can never name another user's.
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_account_fk" FOREIGN KEY ("user_id", "account_id")
  REFERENCES "accounts"("user_id", "id") ON DELETE SET NULL ("account_id");
--> statement-breakpoint
-- Deleting an account finds the receipts that name it.
CREATE INDEX "receipts_account_idx" ON "receipts" ("account_id") WHERE "account_id" IS NOT NULL;
