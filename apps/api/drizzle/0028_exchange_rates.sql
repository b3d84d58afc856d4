-- Hand-written (drizzle-kit generate --custom). Dated exchange rates: `rate` units of `quote` for one unit
-- of `base` on `day`. Rows without a user are reference rates every user reads (the ECB's daily file, fetched
-- by the rates job); a user's rows are theirs alone: typed in (source 'user') or from an ECB file they
-- uploaded (source 'file'), so no upload can change another user's figures. numeric keeps rates exact.
CREATE TABLE "exchange_rates" (
  "user_id" uuid REFERENCES "users"("id") ON DELETE cascade,
  "day" date NOT NULL,
  "base" text NOT NULL CHECK ("base" ~ '^[A-Z]{3}$'),
  "quote" text NOT NULL CHECK ("quote" ~ '^[A-Z]{3}$'),
  "rate" numeric(20, 10) NOT NULL CHECK ("rate" > 0),
  "source" text NOT NULL CHECK ("source" IN ('ecb', 'file', 'user')),
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  CHECK ("base" <> "quote")
);
--> statement-breakpoint
-- One rate per scope, day, pair and source (NULLS NOT DISTINCT: one shared ECB rate per day and pair), with
-- the day descending so "the latest rate on or before a day" is the first index entry at or after it.
CREATE UNIQUE INDEX "exchange_rates_unique" ON "exchange_rates" ("base", "quote", "user_id", "source", "day" DESC)
  NULLS NOT DISTINCT;
--> statement-breakpoint
-- The Settings list: a user's own rates, newest first.
CREATE INDEX "exchange_rates_user_idx" ON "exchange_rates" ("user_id", "day" DESC) WHERE "user_id" IS NOT NULL;
