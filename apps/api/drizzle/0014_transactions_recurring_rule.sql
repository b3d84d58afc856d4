ALTER TABLE "transactions" ADD COLUMN "recurring_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_recurring_rule_id_recurring_rules_id_fk" FOREIGN KEY ("recurring_rule_id") REFERENCES "public"."recurring_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_recurring_rule_idx" ON "transactions" USING btree ("recurring_rule_id") WHERE "transactions"."recurring_rule_id" is not null;--> statement-breakpoint
-- Transactions recorded before this column existed: the occurrence rows say which rule recorded which day;
-- a transaction of that user, day, name, amount and sign is that occurrence (unless already claimed).
UPDATE "transactions" t SET "recurring_rule_id" = r."id"
FROM "recurring_occurrences" o JOIN "recurring_rules" r ON r."id" = o."rule_id"
WHERE t."user_id" = r."user_id" AND t."occurred_on" = o."occurs_on" AND t."name" = r."name"
  AND t."amount_cents" = r."amount_cents" AND t."is_income" = r."is_income" AND t."recurring_rule_id" IS NULL;
