-- Hand-written (drizzle-kit generate --custom). Split transactions: one row of the ledger (one receipt, one
-- bank line) whose amount is spread over several categories. The row keeps its whole amount (balances, the
-- day and account totals do not change) and the category "Split"; its lines (`transaction_splits`) carry the
-- categories, amounts and notes. Whatever counts by category (the category month totals, budgets, charts,
-- reports, the list's category filter) counts each line in its own category instead of the row's "Split".
ALTER TABLE "transactions" ADD COLUMN "is_split" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "transaction_splits" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "transaction_id" uuid NOT NULL REFERENCES "transactions"("id") ON DELETE cascade,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "line_no" smallint NOT NULL,
  "category" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  CONSTRAINT "transaction_splits_amount_cents_positive" CHECK ("amount_cents" > 0),
  CONSTRAINT "transaction_splits_line_unique" UNIQUE ("transaction_id", "line_no")
);
--> statement-breakpoint
-- The category filter of the list ("Groceries" finds a split row with a Groceries line) and a category's
-- removal (moving its lines) read a user's lines by category.
CREATE INDEX "transaction_splits_user_category_idx" ON "transaction_splits" ("user_id", "category");
--> statement-breakpoint
-- What each row contributes by category: a plain row its own category and amount, a split row one entry
-- per category of its lines (lines of the same category summed, so a row counts once per category, as the
-- list's category filter finds it once). Readers that sum by category from the rows (the edges of a period,
-- scheduled rows) read this instead of `transactions`.
CREATE VIEW "transaction_category_rows" AS
  SELECT t.id, t.user_id, t.account_id, t.occurred_on, t.is_income, t.transfer_id, t.on_budget, t.deleted_at,
    t.category, t.amount_cents
  FROM transactions t WHERE NOT t.is_split
  UNION ALL
  SELECT t.id, t.user_id, t.account_id, t.occurred_on, t.is_income, t.transfer_id, t.on_budget, t.deleted_at,
    s.category, sum(s.amount_cents)::bigint
  FROM transactions t JOIN transaction_splits s ON s.transaction_id = t.id
  WHERE t.is_split
  GROUP BY t.id, t.user_id, t.account_id, t.occurred_on, t.is_income, t.transfer_id, t.on_budget, t.deleted_at, s.category;
--> statement-breakpoint
-- The statement-level totals trigger of 0016 with one change: in the category month totals a split row
-- contributes through its lines (read from transaction_splits as they stand), never as "Split". A row is
-- inserted before its lines (the foreign key), so an insert adds nothing for a split row: the lines'
-- own trigger below adds them. The day and account totals are unchanged (a split row keeps its amount).
CREATE OR REPLACE FUNCTION transactions_totals_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, counted, count, amount_cents)
    SELECT user_id, occurred_on, is_income, counted, sum(sign), sum(sign * amount_cents) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, occurred_on, is_income, counted)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL AND NOT is_split
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, is_income, category, month, counted)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO account_month_totals AS t (user_id, account_id, month, count, net_cents)
    SELECT user_id, account_id, date_trunc('month', occurred_on)::date, sum(sign), sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, account_id, month)
    DO UPDATE SET count = t.count + excluded.count, net_cents = t.net_cents + excluded.net_cents;
    INSERT INTO account_day_totals AS t (user_id, account_id, occurred_on, count, net_cents)
    SELECT user_id, account_id, occurred_on, sum(sign), sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, account_id, occurred_on)
    DO UPDATE SET count = t.count + excluded.count, net_cents = t.net_cents + excluded.net_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, counted, count, amount_cents)
    SELECT user_id, occurred_on, is_income, counted, sum(sign), sum(sign * amount_cents) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, occurred_on, is_income, counted)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL AND NOT is_split
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, is_income, category, month, counted)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO account_month_totals AS t (user_id, account_id, month, count, net_cents)
    SELECT user_id, account_id, date_trunc('month', occurred_on)::date, sum(sign), sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, account_id, month)
    DO UPDATE SET count = t.count + excluded.count, net_cents = t.net_cents + excluded.net_cents;
    INSERT INTO account_day_totals AS t (user_id, account_id, occurred_on, count, net_cents)
    SELECT user_id, account_id, occurred_on, sum(sign), sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, account_id, occurred_on)
    DO UPDATE SET count = t.count + excluded.count, net_cents = t.net_cents + excluded.net_cents;
  ELSE
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, counted, count, amount_cents)
    SELECT user_id, occurred_on, is_income, counted, sum(sign), sum(sign * amount_cents) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, -1 FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, occurred_on, is_income, counted)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL AND NOT is_split
      UNION ALL
      SELECT n.user_id, n.occurred_on, n.is_income, (n.transfer_id IS NULL AND n.on_budget), s.category, sum(s.amount_cents), 1
      FROM new_rows n JOIN transaction_splits s ON s.transaction_id = n.id WHERE n.deleted_at IS NULL AND n.is_split
      GROUP BY n.id, n.user_id, n.occurred_on, n.is_income, n.transfer_id, n.on_budget, s.category
      UNION ALL
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL AND NOT is_split
      UNION ALL
      SELECT n.user_id, n.occurred_on, n.is_income, (n.transfer_id IS NULL AND n.on_budget), s.category, sum(s.amount_cents), -1
      FROM old_rows n JOIN transaction_splits s ON s.transaction_id = n.id WHERE n.deleted_at IS NULL AND n.is_split
      GROUP BY n.id, n.user_id, n.occurred_on, n.is_income, n.transfer_id, n.on_budget, s.category
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, is_income, category, month, counted)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO account_month_totals AS t (user_id, account_id, month, count, net_cents)
    SELECT user_id, account_id, date_trunc('month', occurred_on)::date, sum(sign), sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, -1 FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, account_id, month)
    DO UPDATE SET count = t.count + excluded.count, net_cents = t.net_cents + excluded.net_cents;
    INSERT INTO account_day_totals AS t (user_id, account_id, occurred_on, count, net_cents)
    SELECT user_id, account_id, occurred_on, sum(sign), sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, amount_cents, -1 FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * CASE WHEN is_income THEN amount_cents ELSE -amount_cents END) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, account_id, occurred_on)
    DO UPDATE SET count = t.count + excluded.count, net_cents = t.net_cents + excluded.net_cents;
  END IF;
  RETURN NULL;
END $$;

--> statement-breakpoint
-- The lines' share of the category month totals, for lines written after their row (create, an edit of the
-- lines, a category's removal moving them): each line counts where its row is (month, kind, counted) while
-- the row is live and split. Same rules as the row trigger (sums per totals row, applied in key order). The
-- writers replace a row's lines whole (delete all, insert all), so a row counts once per category here too.
CREATE OR REPLACE FUNCTION transaction_splits_totals_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, sum(s.amount_cents) AS amount_cents, 1 AS sign
      FROM new_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, is_income, category, month, counted)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, sum(s.amount_cents) AS amount_cents, -1 AS sign
      FROM old_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, is_income, category, month, counted)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSE
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, sum(s.amount_cents) AS amount_cents, 1 AS sign
      FROM new_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
      UNION ALL
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, sum(s.amount_cents) AS amount_cents, -1 AS sign
      FROM old_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, is_income, category, month, counted)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transaction_splits_totals_insert AFTER INSERT ON transaction_splits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_splits_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER transaction_splits_totals_update AFTER UPDATE ON transaction_splits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_splits_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER transaction_splits_totals_delete AFTER DELETE ON transaction_splits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_splits_totals_trigger();
--> statement-breakpoint
-- A live split row removed for good (not the purge, which removes deleted rows): its lines go first, while
-- the row is still there for their trigger to take them out of the totals. The foreign key's cascade would
-- remove them only after the row, when nothing could tell where they had counted.
CREATE OR REPLACE FUNCTION transactions_remove_split_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transaction_splits WHERE transaction_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_remove_split_lines BEFORE DELETE ON transactions
  FOR EACH ROW WHEN (OLD.is_split AND OLD.deleted_at IS NULL) EXECUTE FUNCTION transactions_remove_split_lines();
--> statement-breakpoint
-- A line written changes the user's list and sums: remembered pages, counts and budgets are read again.
CREATE TRIGGER transaction_splits_version_insert AFTER INSERT ON transaction_splits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER transaction_splits_version_update AFTER UPDATE ON transaction_splits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER transaction_splits_version_delete AFTER DELETE ON transaction_splits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
-- Every totals table from scratch (the benchmark's seeder): the category month totals from the view.
CREATE OR REPLACE FUNCTION rebuild_transaction_totals() RETURNS void LANGUAGE sql AS $$
  DELETE FROM transaction_day_totals;
  DELETE FROM transaction_category_month_totals;
  DELETE FROM account_month_totals;
  DELETE FROM account_day_totals;
  INSERT INTO transaction_day_totals (user_id, occurred_on, is_income, counted, count, amount_cents)
  SELECT user_id, occurred_on, is_income, transfer_id IS NULL AND on_budget, count(*), sum(amount_cents)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
  INSERT INTO transaction_category_month_totals (user_id, is_income, category, month, counted, count, amount_cents)
  SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, transfer_id IS NULL AND on_budget,
    count(*), sum(amount_cents)
  FROM transaction_category_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  INSERT INTO account_month_totals (user_id, account_id, month, count, net_cents)
  SELECT user_id, account_id, date_trunc('month', occurred_on)::date, count(*),
    sum(CASE WHEN is_income THEN amount_cents ELSE -amount_cents END)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  INSERT INTO account_day_totals (user_id, account_id, occurred_on, count, net_cents)
  SELECT user_id, account_id, occurred_on, count(*), sum(CASE WHEN is_income THEN amount_cents ELSE -amount_cents END)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
$$;
