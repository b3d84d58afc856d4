-- Hand-written (drizzle-kit generate --custom). The day totals get a currency: a user's rows may be in
-- several currencies (0036), and a sum of yen and cents means nothing. Each day, kind and currency now has
-- its own total, so the summary and charts convert one sum per day and currency at that day's rate instead
-- of reading rows. A user whose rows are all in one currency has exactly the rows they had, one per day
-- and kind. The month, category and account totals are unchanged.
ALTER TABLE "transaction_day_totals" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "transaction_day_totals" DROP CONSTRAINT "transaction_day_totals_pk";
--> statement-breakpoint
-- Rebuilt from the rows: the totals of users with rows in other currencies than USD split by currency.
DELETE FROM "transaction_day_totals";
--> statement-breakpoint
INSERT INTO "transaction_day_totals" (user_id, occurred_on, is_income, counted, currency, count, amount_cents)
SELECT user_id, occurred_on, is_income, transfer_id IS NULL AND on_budget, currency, count(*), sum(amount_cents)
FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
--> statement-breakpoint
ALTER TABLE "transaction_day_totals" ADD CONSTRAINT "transaction_day_totals_pk"
  PRIMARY KEY ("user_id", "occurred_on", "is_income", "counted", "currency");
--> statement-breakpoint
-- The totals trigger of 0030 with one change: the day totals are kept per currency too.
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
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, counted, currency, count, amount_cents)
    SELECT user_id, occurred_on, is_income, counted, currency, sum(sign), sum(sign * amount_cents) FROM (
      SELECT user_id, account_id, occurred_on, is_income, (transfer_id IS NULL AND on_budget) AS counted, category, currency, amount_cents, -1 AS sign FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, occurred_on, is_income, counted, currency)
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
-- Every totals table from scratch (the benchmark's seeder): the day totals per currency.
CREATE OR REPLACE FUNCTION rebuild_transaction_totals() RETURNS void LANGUAGE sql AS $$
  DELETE FROM transaction_day_totals;
  DELETE FROM transaction_category_month_totals;
  DELETE FROM account_month_totals;
  DELETE FROM account_day_totals;
  INSERT INTO transaction_day_totals (user_id, occurred_on, is_income, counted, currency, count, amount_cents)
  SELECT user_id, occurred_on, is_income, transfer_id IS NULL AND on_budget, currency, count(*), sum(amount_cents)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
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
--> statement-breakpoint
-- The category rows of 0030 with their currency (added last, as a view may only grow at its end): the
-- category charts convert the rows of other currencies than the display one, per day, at that day's rate.
CREATE OR REPLACE VIEW "transaction_category_rows" AS
  SELECT t.id, t.user_id, t.account_id, t.occurred_on, t.is_income, t.transfer_id, t.on_budget, t.deleted_at,
    t.category, t.amount_cents, t.currency
  FROM transactions t WHERE NOT t.is_split
  UNION ALL
  SELECT t.id, t.user_id, t.account_id, t.occurred_on, t.is_income, t.transfer_id, t.on_budget, t.deleted_at,
    s.category, sum(s.amount_cents)::bigint, t.currency
  FROM transactions t JOIN transaction_splits s ON s.transaction_id = t.id
  WHERE t.is_split
  GROUP BY t.id, t.user_id, t.account_id, t.occurred_on, t.is_income, t.transfer_id, t.on_budget, t.deleted_at,
    s.category, t.currency;
--> statement-breakpoint
-- A rate the user types or uploads changes their converted figures: remembered summaries and charts are
-- read again. Shared rates (no user) bump nobody; those results also hold for one day at most.
CREATE TRIGGER exchange_rates_version_insert AFTER INSERT ON exchange_rates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_version_update AFTER UPDATE ON exchange_rates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_version_delete AFTER DELETE ON exchange_rates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
