-- Hand-written (drizzle-kit generate --custom). The category month totals get a currency, as the day totals
-- did in 0037: a month's sum of yen and cents means nothing. Each category, kind, month, "counted" and
-- currency now has its own total. A user whose rows are all in one currency has exactly the rows they had.
--
-- How a month's category sum converts to the display currency: a sum in the display currency is read as
-- it is; a sum in another currency converts as one figure at the rate in force on the month's last day
-- (the nearest earlier rate when that day has none; for the current month, today's rate). Rows
-- of one month convert at one rate rather than each at its own day's: budgets and reports are monthly
-- figures, a month's rates move little against the precision a budget is read at, and it keeps these
-- readers on a few hundred totals rows instead of the user's rows (per-day category totals would multiply
-- this table by about thirty for the sake of a difference of a few tenths of a percent). The dated, per-day
-- conversion of the summary and charts (0037) is unchanged. Budgets and reports apply this rule through
-- the rates module (modules/rates/month-sums.ts).
ALTER TABLE "transaction_category_month_totals" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "transaction_category_month_totals" DROP CONSTRAINT "transaction_category_month_totals_pk";
--> statement-breakpoint
-- Rebuilt from the rows: the totals of users with rows in other currencies than USD split by currency.
DELETE FROM "transaction_category_month_totals";
--> statement-breakpoint
INSERT INTO "transaction_category_month_totals" (user_id, is_income, category, month, counted, currency, count, amount_cents)
SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, transfer_id IS NULL AND on_budget,
  currency, count(*), sum(amount_cents)
FROM transaction_category_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
ALTER TABLE "transaction_category_month_totals" ADD CONSTRAINT "transaction_category_month_totals_pk"
  PRIMARY KEY ("user_id", "is_income", "category", "month", "counted", "currency");
--> statement-breakpoint
-- The totals trigger of 0037 with one change: the category month totals are kept per currency too (a
-- split row's lines in their row's currency). The day and account totals are as 0037 keeps them. In an
-- update, an old and a new row that agree on every field a totals table reads add and remove the same
-- sums, so their group nets to zero and HAVING drops it: such pairs still touch no totals row.
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
-- The lines' trigger of 0030 with the same change: each line counts in its row's currency.
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
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every totals table from scratch (the benchmark's seeder): the category month totals per currency.
CREATE OR REPLACE FUNCTION rebuild_transaction_totals() RETURNS void LANGUAGE sql AS $$
  DELETE FROM transaction_day_totals;
  DELETE FROM transaction_category_month_totals;
  DELETE FROM account_month_totals;
  DELETE FROM account_day_totals;
  INSERT INTO transaction_day_totals (user_id, occurred_on, is_income, counted, currency, count, amount_cents)
  SELECT user_id, occurred_on, is_income, transfer_id IS NULL AND on_budget, currency, count(*), sum(amount_cents)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
  INSERT INTO transaction_category_month_totals (user_id, is_income, category, month, counted, currency, count, amount_cents)
  SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, transfer_id IS NULL AND on_budget,
    currency, count(*), sum(amount_cents)
  FROM transaction_category_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6;
  INSERT INTO account_month_totals (user_id, account_id, month, count, net_cents)
  SELECT user_id, account_id, date_trunc('month', occurred_on)::date, count(*),
    sum(CASE WHEN is_income THEN amount_cents ELSE -amount_cents END)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  INSERT INTO account_day_totals (user_id, account_id, occurred_on, count, net_cents)
  SELECT user_id, account_id, occurred_on, count(*), sum(CASE WHEN is_income THEN amount_cents ELSE -amount_cents END)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
$$;
