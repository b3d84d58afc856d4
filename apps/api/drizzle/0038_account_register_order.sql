-- Hand-written (drizzle-kit generate --custom). One account's register (the list filtered to an account,
-- newest first) was never read in order from its index: 0016 made (user, account, day, entry, id)
-- descending with PostgreSQL's default nulls placement (first), while the list spells its order as the
-- user's index (0001) does, DESC NULLS LAST. PostgreSQL reads an index in order only when the nulls
-- placement matches (NOT NULL columns do not count), so it either walked all of the user's rows in order
-- and dropped the other accounts' (most of them, for a small account beside a busy one), or fetched the
-- account's rows and sorted all of them for every page. Rebuilt with nulls last, as schema.ts declares it,
-- so both orders of one account (newest first, and oldest first read backwards) come straight from it.
-- The columns are NOT NULL: no row changes place.
DROP INDEX IF EXISTS "transactions_user_account_order_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_account_order_idx" ON "transactions"
  ("user_id", "account_id", "occurred_on" DESC NULLS LAST, "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  WHERE "deleted_at" IS NULL;
