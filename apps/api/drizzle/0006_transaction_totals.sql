-- Hand-written parts (keep them when regenerating): the btree_gin extension below, and the trigger,
-- functions and backfill at the end. drizzle-kit does not model extensions or triggers.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "transaction_category_totals" (
	"user_id" uuid NOT NULL,
	"is_income" boolean NOT NULL,
	"category" text NOT NULL,
	"count" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "transaction_category_totals_user_id_is_income_category_pk" PRIMARY KEY("user_id","is_income","category")
);
--> statement-breakpoint
CREATE TABLE "transaction_day_totals" (
	"user_id" uuid NOT NULL,
	"occurred_on" date NOT NULL,
	"is_income" boolean NOT NULL,
	"count" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "transaction_day_totals_user_id_occurred_on_is_income_pk" PRIMARY KEY("user_id","occurred_on","is_income")
);
--> statement-breakpoint
DROP INDEX "transactions_name_trgm_idx";--> statement-breakpoint
DROP INDEX "transactions_note_trgm_idx";--> statement-breakpoint
ALTER TABLE "transaction_category_totals" ADD CONSTRAINT "transaction_category_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_day_totals" ADD CONSTRAINT "transaction_day_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_user_name_trgm_idx" ON "transactions" USING gin ("user_id","name" gin_trgm_ops) WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_user_note_trgm_idx" ON "transactions" USING gin ("user_id","note" gin_trgm_ops) WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one live transaction from its day and category totals. Removal only
-- updates, never inserts: while a user is deleted the cascade may already have removed the totals rows.
CREATE FUNCTION transaction_totals_apply(
  p_user uuid, p_day date, p_income boolean, p_category text, p_sign integer, p_cents bigint
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_sign > 0 THEN
    INSERT INTO transaction_day_totals AS t (user_id, occurred_on, is_income, count, amount_cents)
    VALUES (p_user, p_day, p_income, 1, p_cents)
    ON CONFLICT (user_id, occurred_on, is_income)
    DO UPDATE SET count = t.count + 1, amount_cents = t.amount_cents + excluded.amount_cents;
    INSERT INTO transaction_category_totals AS t (user_id, is_income, category, count, amount_cents)
    VALUES (p_user, p_income, p_category, 1, p_cents)
    ON CONFLICT (user_id, is_income, category)
    DO UPDATE SET count = t.count + 1, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSE
    UPDATE transaction_day_totals SET count = count - 1, amount_cents = amount_cents - p_cents
    WHERE user_id = p_user AND occurred_on = p_day AND is_income = p_income;
    UPDATE transaction_category_totals SET count = count - 1, amount_cents = amount_cents - p_cents
    WHERE user_id = p_user AND is_income = p_income AND category = p_category;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION transactions_totals_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL)
    AND OLD.user_id = NEW.user_id AND OLD.occurred_on = NEW.occurred_on AND OLD.is_income = NEW.is_income
    AND OLD.category = NEW.category AND OLD.amount_cents = NEW.amount_cents THEN
    RETURN NULL; -- a name or note edit: no total changes
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    PERFORM transaction_totals_apply(OLD.user_id, OLD.occurred_on, OLD.is_income, OLD.category, -1, OLD.amount_cents);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    PERFORM transaction_totals_apply(NEW.user_id, NEW.occurred_on, NEW.is_income, NEW.category, 1, NEW.amount_cents);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER transactions_totals AFTER INSERT OR UPDATE OR DELETE ON transactions
FOR EACH ROW EXECUTE FUNCTION transactions_totals_trigger();--> statement-breakpoint
-- Recomputes every user's totals from the transactions: the backfill below, and bulk loads (the bench
-- seeder) that disable the trigger while they COPY.
CREATE FUNCTION rebuild_transaction_totals() RETURNS void LANGUAGE sql AS $$
  DELETE FROM transaction_day_totals;
  DELETE FROM transaction_category_totals;
  INSERT INTO transaction_day_totals (user_id, occurred_on, is_income, count, amount_cents)
  SELECT user_id, occurred_on, is_income, count(*), sum(amount_cents)
  FROM transactions WHERE deleted_at IS NULL GROUP BY user_id, occurred_on, is_income
  ORDER BY user_id, occurred_on, is_income; -- one user's days side by side on disk
  INSERT INTO transaction_category_totals (user_id, is_income, category, count, amount_cents)
  SELECT user_id, is_income, category, count(*), sum(amount_cents)
  FROM transactions WHERE deleted_at IS NULL GROUP BY user_id, is_income, category
  ORDER BY user_id, is_income, category;
$$;--> statement-breakpoint
SELECT rebuild_transaction_totals();
