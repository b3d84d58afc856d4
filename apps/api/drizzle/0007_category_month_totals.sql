-- Hand-written parts (keep them when regenerating): everything after the generated table below. The
-- all-time category totals become per-month ones (budgets read their month's row), and the per-row trigger
-- of 0006 becomes per-statement: a bulk write aggregates its rows first and then updates each totals row
-- once, in key order (day totals, then month totals), so two concurrent bulk writes of one user queue
-- behind each other instead of deadlocking.
CREATE TABLE "transaction_category_month_totals" (
	"user_id" uuid NOT NULL,
	"is_income" boolean NOT NULL,
	"category" text NOT NULL,
	"month" date NOT NULL,
	"count" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "transaction_category_month_totals_user_id_is_income_category_month_pk" PRIMARY KEY("user_id","is_income","category","month")
);
--> statement-breakpoint
ALTER TABLE "transaction_category_month_totals" ADD CONSTRAINT "transaction_category_month_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP TABLE "transaction_category_totals" CASCADE;--> statement-breakpoint
DROP TRIGGER transactions_totals ON transactions;--> statement-breakpoint
DROP FUNCTION transactions_totals_trigger();--> statement-breakpoint
DROP FUNCTION transaction_totals_apply(uuid, date, boolean, text, integer, bigint);--> statement-breakpoint
-- One function for the three triggers below. `changes` lists the live rows the statement added (+1) and
-- removed (-1); a name or note edit adds and removes the same amounts and so touches no totals row. Users
-- that no longer exist are skipped: while a user is deleted, the cascade may already have removed their
-- totals rows, and a negative row must not be re-created for them.
CREATE FUNCTION transactions_totals_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added CONSTANT text := 'SELECT user_id, occurred_on, is_income, category, amount_cents, 1 AS sign'
    ' FROM new_rows WHERE deleted_at IS NULL';
  removed CONSTANT text := 'SELECT user_id, occurred_on, is_income, category, amount_cents, -1 AS sign'
    ' FROM old_rows WHERE deleted_at IS NULL';
  changes text;
BEGIN
  changes := CASE TG_OP
    WHEN 'INSERT' THEN added
    WHEN 'DELETE' THEN removed
    ELSE added || ' UNION ALL ' || removed
  END;
  EXECUTE format($sql$
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, count, amount_cents)
    SELECT user_id, occurred_on, is_income, sum(sign), sum(sign * amount_cents)
    FROM (%s) c WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (user_id, occurred_on, is_income)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents
  $sql$, changes);
  EXECUTE format($sql$
    INSERT INTO transaction_category_month_totals AS t (user_id, is_income, category, month, count, amount_cents)
    SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, sum(sign), sum(sign * amount_cents)
    FROM (%s) c WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 OR sum(sign * amount_cents) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, is_income, category, month)
    DO UPDATE SET count = t.count + excluded.count, amount_cents = t.amount_cents + excluded.amount_cents
  $sql$, changes);
  RETURN NULL;
END $$;--> statement-breakpoint
-- PostgreSQL allows transition tables only on single-event triggers, hence three.
CREATE TRIGGER transactions_totals_insert AFTER INSERT ON transactions
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_totals_trigger();--> statement-breakpoint
CREATE TRIGGER transactions_totals_update AFTER UPDATE ON transactions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_totals_trigger();--> statement-breakpoint
CREATE TRIGGER transactions_totals_delete AFTER DELETE ON transactions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_totals_trigger();--> statement-breakpoint
-- Recomputes every user's totals from the transactions: the backfill below, and bulk loads (the bench
-- seeder) that disable the triggers while they COPY.
CREATE OR REPLACE FUNCTION rebuild_transaction_totals() RETURNS void LANGUAGE sql AS $$
  DELETE FROM transaction_day_totals;
  DELETE FROM transaction_category_month_totals;
  INSERT INTO transaction_day_totals (user_id, occurred_on, is_income, count, amount_cents)
  SELECT user_id, occurred_on, is_income, count(*), sum(amount_cents)
  FROM transactions WHERE deleted_at IS NULL GROUP BY user_id, occurred_on, is_income
  ORDER BY user_id, occurred_on, is_income; -- one user's days side by side on disk
  INSERT INTO transaction_category_month_totals (user_id, is_income, category, month, count, amount_cents)
  SELECT user_id, is_income, category, date_trunc('month', occurred_on)::date, count(*), sum(amount_cents)
  FROM transactions WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4;
$$;--> statement-breakpoint
SELECT rebuild_transaction_totals();
