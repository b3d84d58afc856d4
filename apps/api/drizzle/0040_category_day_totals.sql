-- Hand-written (drizzle-kit generate --custom). Counted category sums per day and currency, for budgets and
-- reports: a row in another currency than the display one converts at its own day's rate (the nearest
-- earlier rate, at most 14 days old), as the dashboard's figures do (0037), no longer each month's sum at
-- the rate of its last day as 0039's comment said. Reading those days from the rows cost a user with ten
-- years of rows in three currencies about half a second; these totals are what the rows' sums per day,
-- category, kind and currency would be, kept by the totals triggers as the other totals tables are.
-- Counted rows only (not transfers, not off-budget accounts): the figures that read them count no others.
-- A split row counts by its lines (in its row's currency), as in the category month totals.
-- Rows written by another server process while this runs would miss the backfill below (their triggers
-- still know only the old tables): writes wait for this migration's commit, reads go on.
LOCK TABLE "transactions", "transaction_splits" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "transaction_category_day_totals" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "occurred_on" date NOT NULL,
  "category" text NOT NULL,
  "is_income" boolean NOT NULL,
  "currency" text NOT NULL,
  "count" integer NOT NULL,
  "amount_cents" bigint NOT NULL,
  CONSTRAINT "transaction_category_day_totals_pk" PRIMARY KEY ("user_id", "occurred_on", "category", "is_income", "currency")
);
--> statement-breakpoint
INSERT INTO "transaction_category_day_totals" (user_id, occurred_on, category, is_income, currency, count, amount_cents)
SELECT user_id, occurred_on, category, is_income, currency, count(*), sum(amount_cents)
FROM transaction_category_rows WHERE deleted_at IS NULL AND transfer_id IS NULL AND on_budget
GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- The totals trigger of 0039 with one change: after each change to the category month totals, the same
-- change to the category day totals for the counted rows.
CREATE OR REPLACE FUNCTION transactions_totals_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, counted, currency, count, amount_cents)
    SELECT user_id, occurred_on, is_income, counted, currency, sum(sign), sum(sign * amount_cents) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, occurred_on, is_income, counted, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, currency, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL AND NOT is_split
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (user_id, is_income, category, month, counted, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_day_totals AS t (user_id, is_income, category, occurred_on, currency, count, amount_cents)
    SELECT user_id, is_income, category, occurred_on, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL AND NOT is_split
    ) c
    WHERE counted AND EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, occurred_on, category, is_income, currency)
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
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, counted, currency, count, amount_cents)
    SELECT user_id, occurred_on, is_income, counted, currency, sum(sign), sum(sign * amount_cents) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, occurred_on, is_income, counted, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, currency, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL AND NOT is_split
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (user_id, is_income, category, month, counted, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_day_totals AS t (user_id, is_income, category, occurred_on, currency, count, amount_cents)
    SELECT user_id, is_income, category, occurred_on, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL AND NOT is_split
    ) c
    WHERE counted AND EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, occurred_on, category, is_income, currency)
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
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, counted, currency, count, amount_cents)
    SELECT user_id, occurred_on, is_income, counted, currency, sum(sign), sum(sign * amount_cents) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, -1 FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, occurred_on, is_income, counted, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, currency, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL AND NOT is_split
      UNION ALL
      SELECT n.user_id, n.occurred_on, n.is_income, (n.transfer_id IS NULL AND n.on_budget), s.category, n.currency, sum(s.amount_cents), 1
      FROM new_rows n JOIN transaction_splits s ON s.transaction_id = n.id WHERE n.deleted_at IS NULL AND n.is_split
      GROUP BY n.id, n.user_id, n.occurred_on, n.is_income, n.transfer_id, n.on_budget, s.category, n.currency
      UNION ALL
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL AND NOT is_split
      UNION ALL
      SELECT n.user_id, n.occurred_on, n.is_income, (n.transfer_id IS NULL AND n.on_budget), s.category, n.currency, sum(s.amount_cents), -1
      FROM old_rows n JOIN transaction_splits s ON s.transaction_id = n.id WHERE n.deleted_at IS NULL AND n.is_split
      GROUP BY n.id, n.user_id, n.occurred_on, n.is_income, n.transfer_id, n.on_budget, s.category, n.currency
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (user_id, is_income, category, month, counted, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_day_totals AS t (user_id, is_income, category, occurred_on, currency, count, amount_cents)
    SELECT user_id, is_income, category, occurred_on, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL AND NOT is_split
      UNION ALL
      SELECT n.user_id, n.occurred_on, n.is_income, (n.transfer_id IS NULL AND n.on_budget), s.category, n.currency, sum(s.amount_cents), 1
      FROM new_rows n JOIN transaction_splits s ON s.transaction_id = n.id WHERE n.deleted_at IS NULL AND n.is_split
      GROUP BY n.id, n.user_id, n.occurred_on, n.is_income, n.transfer_id, n.on_budget, s.category, n.currency
      UNION ALL
      SELECT user_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL AND NOT is_split
      UNION ALL
      SELECT n.user_id, n.occurred_on, n.is_income, (n.transfer_id IS NULL AND n.on_budget), s.category, n.currency, sum(s.amount_cents), -1
      FROM old_rows n JOIN transaction_splits s ON s.transaction_id = n.id WHERE n.deleted_at IS NULL AND n.is_split
      GROUP BY n.id, n.user_id, n.occurred_on, n.is_income, n.transfer_id, n.on_budget, s.category, n.currency
    ) c
    WHERE counted AND EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, occurred_on, category, is_income, currency)
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
-- The lines' trigger of 0039 with the same change.
CREATE OR REPLACE FUNCTION transaction_splits_totals_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, currency, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, p.currency, sum(s.amount_cents) AS amount_cents, 1 AS sign
      FROM new_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (user_id, is_income, category, month, counted, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_day_totals AS t (user_id, is_income, category, occurred_on, currency, count, amount_cents)
    SELECT user_id, is_income, category, occurred_on, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, p.currency, sum(s.amount_cents) AS amount_cents, 1 AS sign
      FROM new_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
    ) c
    WHERE counted AND EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, occurred_on, category, is_income, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, currency, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, p.currency, sum(s.amount_cents) AS amount_cents, -1 AS sign
      FROM old_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (user_id, is_income, category, month, counted, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_day_totals AS t (user_id, is_income, category, occurred_on, currency, count, amount_cents)
    SELECT user_id, is_income, category, occurred_on, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, p.currency, sum(s.amount_cents) AS amount_cents, -1 AS sign
      FROM old_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
    ) c
    WHERE counted AND EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, occurred_on, category, is_income, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSE
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, counted, currency, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, counted, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, p.currency, sum(s.amount_cents) AS amount_cents, 1 AS sign
      FROM new_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
      UNION ALL
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, p.currency, sum(s.amount_cents) AS amount_cents, -1 AS sign
      FROM old_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (user_id, is_income, category, month, counted, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_day_totals AS t (user_id, is_income, category, occurred_on, currency, count, amount_cents)
    SELECT user_id, is_income, category, occurred_on, currency, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, p.currency, sum(s.amount_cents) AS amount_cents, 1 AS sign
      FROM new_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
      UNION ALL
      SELECT p.user_id, p.occurred_on, p.is_income, (p.transfer_id IS NULL AND p.on_budget) AS counted, s.category, p.currency, sum(s.amount_cents) AS amount_cents, -1 AS sign
      FROM old_rows s JOIN transactions p ON p.id = s.transaction_id WHERE p.deleted_at IS NULL AND p.is_split
      GROUP BY p.id, s.category
    ) c
    WHERE counted AND EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, occurred_on, category, is_income, currency)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every totals table from scratch (the benchmark's seeder): the category day totals too.
CREATE OR REPLACE FUNCTION rebuild_transaction_totals() RETURNS void LANGUAGE sql AS $$
  DELETE FROM transaction_day_totals;
  DELETE FROM transaction_category_month_totals;
  DELETE FROM transaction_category_day_totals;
  DELETE FROM account_month_totals;
  DELETE FROM account_day_totals;
  INSERT INTO transaction_day_totals (user_id, occurred_on, is_income, counted, currency, count, amount_cents)
  SELECT user_id, occurred_on, is_income, transfer_id IS NULL AND on_budget, currency, count(*), sum(amount_cents)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  INSERT INTO transaction_category_month_totals (user_id, is_income, category, month, counted, currency, count, amount_cents)
  SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, transfer_id IS NULL AND on_budget,
    currency, count(*), sum(amount_cents)
  FROM transaction_category_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6;
  INSERT INTO transaction_category_day_totals (user_id, occurred_on, category, is_income, currency, count, amount_cents)
  SELECT user_id, occurred_on, category, is_income, currency, count(*), sum(amount_cents)
  FROM transaction_category_rows WHERE deleted_at IS NULL AND transfer_id IS NULL AND on_budget
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  INSERT INTO account_month_totals (user_id, account_id, month, count, net_cents)
  SELECT user_id, account_id, date_trunc('month', occurred_on)::date, count(*),
    sum(CASE WHEN is_income THEN amount_cents ELSE -amount_cents END)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  INSERT INTO account_day_totals (user_id, account_id, occurred_on, count, net_cents)
  SELECT user_id, account_id, occurred_on, count(*), sum(CASE WHEN is_income THEN amount_cents ELSE -amount_cents END)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
$$;
