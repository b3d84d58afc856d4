-- Hand-written (drizzle-kit generate --custom). An UPDATE of transactions that changes nothing the totals are
-- kept by (a note, a name, a payee: most edits of a row's words) no longer runs the totals upserts. The UPDATE
-- branch of transactions_totals_trigger (0040) ran its five statements for every update, each re-adding the
-- edited rows to its table only for the sums to net to zero: a note appended to 1,000 rows spent about a fifth
-- of the PostgreSQL backend's CPU there (bench/README.md, "Totals of an update"). This function compares the
-- statement's old and new rows once and runs each upsert only when a column it reads changed; a category-only
-- edit still writes the category totals, and only them. The statements themselves are 0040's, unchanged.
-- transactions_totals_trigger keeps its INSERT and DELETE branches; its UPDATE branch is no longer called.
CREATE FUNCTION transactions_totals_update_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- What every totals table reads: the day, kind, account, amount, currency and whether the row is counted,
  -- split or deleted. Compared as one row value; an id missing on either side counts as a change.
  ledger_changed boolean;
  -- The category, read by the category totals only.
  category_changed boolean;
BEGIN
  SELECT coalesce(bool_or(o.id IS NULL OR n.id IS NULL
      OR (o.user_id, o.account_id, o.occurred_on, o.is_income, o.transfer_id, o.on_budget, o.currency,
          o.amount_cents, o.deleted_at, o.is_split)
        IS DISTINCT FROM (n.user_id, n.account_id, n.occurred_on, n.is_income, n.transfer_id, n.on_budget,
          n.currency, n.amount_cents, n.deleted_at, n.is_split)), false),
    coalesce(bool_or(o.category IS DISTINCT FROM n.category), false)
  INTO ledger_changed, category_changed
  FROM old_rows o FULL JOIN new_rows n ON n.id = o.id;
  IF ledger_changed THEN
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
  END IF;
  IF ledger_changed OR category_changed THEN
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
  END IF;
  IF ledger_changed THEN
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
CREATE OR REPLACE TRIGGER transactions_totals_update AFTER UPDATE ON transactions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_totals_update_trigger();
