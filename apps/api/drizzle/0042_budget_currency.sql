-- Hand-written (drizzle-kit generate --custom). A budget keeps the currency it was set in: its amount is in
-- that currency's minor unit, so switching the display currency no longer reads $100.00 (10,000 cents) as
-- ¥10,000. Until now every budget was in its owner's display currency, so the owner's current one is what
-- each amount was set in. Readers convert a budget whose currency is not the display one (budgets/amounts.ts).
ALTER TABLE "budgets" ADD COLUMN "currency" text;
--> statement-breakpoint
UPDATE "budgets" AS b SET "currency" = u."default_currency" FROM "users" AS u WHERE u."id" = b."user_id";
--> statement-breakpoint
ALTER TABLE "budgets" ALTER COLUMN "currency" SET NOT NULL;
