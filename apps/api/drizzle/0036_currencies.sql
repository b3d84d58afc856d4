-- Each account keeps its own currency (ISO 4217); its rows carry it too, so every reader of a row (the
-- list, the dashboard, exports) knows which minor unit its amount counts without a join. Accounts already
-- have one: the user's display currency, which until now followed every change of it.
UPDATE "accounts" a SET "currency" = u."default_currency" FROM "users" u
WHERE u."id" = a."user_id" AND a."currency" <> u."default_currency";
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_currency_code" CHECK ("currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
-- A constant default is only recorded in the catalogue: no table rewrite for the million-row ledgers.
ALTER TABLE "transactions" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
-- What was paid in another currency (card spending abroad: 50.00 EUR paid, 54.13 USD booked), in that
-- currency's minor unit; both or neither.
ALTER TABLE "transactions" ADD COLUMN "original_amount_minor" bigint;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "original_currency" text;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_original_amount" CHECK (
  ("original_amount_minor" IS NULL) = ("original_currency" IS NULL)
  AND ("original_amount_minor" IS NULL OR "original_amount_minor" > 0)
);
--> statement-breakpoint
-- Only the rows of accounts not in US dollars are rewritten.
UPDATE "transactions" t SET "currency" = a."currency" FROM "accounts" a
WHERE a."id" = t."account_id" AND a."currency" <> 'USD';
