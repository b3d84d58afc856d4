-- Hand-written (drizzle-kit generate --custom). The account the user said a receipt was paid from, chosen on
-- the upload form: its expense is recorded there (and the review opens on it). Null for a receipt uploaded
-- without one (the original client, every receipt before this): it goes to the first open account. An
-- account deleted meanwhile leaves the receipt to the same default.
ALTER TABLE "receipts" ADD COLUMN "account_id" uuid REFERENCES "accounts"("id") ON DELETE SET NULL;
