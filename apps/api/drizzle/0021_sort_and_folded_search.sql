-- Hand-written (drizzle-kit generate --custom). Search that ignores case and accents ("cafe" finds "Café",
-- "uber" finds "Über"), and the indexes the list's column sorts read in order.
--
-- unaccent is a contrib extension shipped beside pg_trgm (both in PostgreSQL's packages and the embedded
-- binaries) and trusted since PostgreSQL 13, so the database owner may create it. Its function is only
-- STABLE (the dictionary could be edited), so an index cannot use it directly: paisable_fold wraps it with
-- the dictionary named at creation. The SQL-standard body (RETURN …) binds unaccent and its dictionary
-- when the function is created, so the folding does not depend on the search_path of whoever runs it
-- (PostgreSQL 17+ runs index maintenance with an empty one).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE FUNCTION paisable_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(unaccent('unaccent'::regdictionary, value));--> statement-breakpoint
-- The trigram indexes now hold the folded text; the search compares folded text with a folded pattern.
DROP INDEX "transactions_user_name_trgm_idx";--> statement-breakpoint
DROP INDEX "transactions_user_note_trgm_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_name_fold_trgm_idx" ON "transactions" USING gin ("user_id", paisable_fold("name") gin_trgm_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "transactions_user_note_fold_trgm_idx" ON "transactions" USING gin ("user_id", paisable_fold("note") gin_trgm_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- Sorted lists: the key, then the list's own order (day, entry, id) in the same direction, so the page is
-- read straight from the index forwards (descending) or backwards (ascending), and ties keep their place.
CREATE INDEX "transactions_user_amount_order_idx" ON "transactions" ("user_id", "amount_cents" DESC, "occurred_on" DESC, "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "transactions_user_name_order_idx" ON "transactions" ("user_id", paisable_fold("name") DESC, "occurred_on" DESC, "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "transactions_user_category_sort_idx" ON "transactions" ("user_id", "category" DESC, "occurred_on" DESC, "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;
