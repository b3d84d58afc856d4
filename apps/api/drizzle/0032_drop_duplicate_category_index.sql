-- Hand-written (drizzle-kit generate --custom). Every imported or typed row was written to two indexes of
-- (user, category, day, entry, id): 0001's `transactions_user_category_order_idx` (category ascending) and
-- 0021's `transactions_user_category_sort_idx` (category descending). A B-tree is read in both directions and
-- every query names one category or sorts all keys one way, so the planner already chose the 0021 index for
-- the category filter, its date ranges and the category sort (checked with EXPLAIN before and after dropping
-- it, with 250,000 rows). One index less on every insert: a bank import of 100,000 rows saves 10,000 index
-- entries' work and WAL per 10,000 rows.
DROP INDEX IF EXISTS "transactions_user_category_order_idx";
