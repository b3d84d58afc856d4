-- Hand-written (drizzle-kit generate --custom). Bank files land in the user's account they belong to:
-- an account remembers the statement account it was imported from (its IBAN or number, compared in one
-- form: letters and digits, upper-case), so the next file of it is matched without asking.
ALTER TABLE "accounts" ADD COLUMN "bank_identifier" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_bank_identifier_unique" ON "accounts" ("user_id", "bank_identifier")
  WHERE "bank_identifier" IS NOT NULL;
--> statement-breakpoint
-- A bank's transaction id is unique within one account, so it is kept per account instead of carrying the
-- statement's label as a text prefix ("Checking · ••••8776 · USD|FITID"). The prefix is dropped where that
-- keeps the ids of each account apart; where two statements' rows share an id in one account, they keep it.
UPDATE "transactions" t SET "bank_id" = s.bare
  FROM (
    SELECT id, substr(bank_id, strpos(bank_id, '|') + 1) AS bare,
      count(*) OVER (PARTITION BY account_id, substr(bank_id, strpos(bank_id, '|') + 1)) AS sharing
    FROM "transactions"
    WHERE bank_id LIKE '%|%'
  ) s
  WHERE t.id = s.id AND s.sharing = 1
    AND NOT EXISTS (
      SELECT 1 FROM "transactions" o WHERE o.account_id = t.account_id AND o.bank_id = s.bare AND o.id <> t.id
    );
--> statement-breakpoint
DROP INDEX "transactions_user_bank_id_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_account_bank_id_unique" ON "transactions" ("account_id", "bank_id")
  WHERE "bank_id" IS NOT NULL;
