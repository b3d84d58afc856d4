-- Hand-written (drizzle-kit generate --custom). The statement-level totals trigger of 0007 built its two
-- upserts as dynamic SQL (EXECUTE format), so PostgreSQL parsed and planned them again for every statement:
-- about 0.8 ms added to every single-row write. Static statements keep their plans for the session (0.3 ms,
-- less than 0006's row trigger). A static statement may only name the transition tables its operation
-- has, hence one branch per operation. Same rules as 0007: the statement's live rows added (+) and removed
-- (-) are summed per totals row and applied once, in key order (day totals, then month totals), so two bulk
-- writes of one user queue instead of deadlocking; a name or note edit sums to zero and touches no row;
-- users that no longer exist (an account being deleted) are skipped.
CREATE OR REPLACE FUNCTION transactions_totals_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, count, amount_cents)
    SELECT user_id, occurred_on, is_income, count(*), sum(amount_cents) FROM (SELECT * FROM new_rows WHERE deleted_at IS NULL) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, occurred_on, is_income)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, count(*), sum(amount_cents)
    FROM (SELECT * FROM new_rows WHERE deleted_at IS NULL) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, is_income, category, month)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, count, amount_cents)
    SELECT user_id, occurred_on, is_income, -count(*), -sum(amount_cents) FROM (SELECT * FROM old_rows WHERE deleted_at IS NULL) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, occurred_on, is_income)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, -count(*), -sum(amount_cents)
    FROM (SELECT * FROM old_rows WHERE deleted_at IS NULL) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, is_income, category, month)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSE
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, count, amount_cents)
    SELECT user_id, occurred_on, is_income, sum(sign), sum(sign * amount_cents) FROM (
      SELECT user_id, occurred_on, is_income, category, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT user_id, occurred_on, is_income, category, amount_cents, -1 FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, occurred_on, is_income)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, sum(sign), sum(sign * amount_cents)
    FROM (
      SELECT user_id, occurred_on, is_income, category, amount_cents, 1 AS sign FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT user_id, occurred_on, is_income, category, amount_cents, -1 FROM old_rows WHERE deleted_at IS NULL
    ) c
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, is_income, category, month)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END $$;
