CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_amount_cents_not_negative" CHECK ("budgets"."amount_cents" >= 0),
	CONSTRAINT "budgets_month_valid" CHECK ("budgets"."month" between 1 and 12),
	CONSTRAINT "budgets_year_valid" CHECK ("budgets"."year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "recurring_occurrences" (
	"rule_id" uuid NOT NULL,
	"occurs_on" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_occurrences_rule_id_occurs_on_pk" PRIMARY KEY("rule_id","occurs_on")
);
--> statement-breakpoint
CREATE TABLE "recurring_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"is_income" boolean DEFAULT false NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_due_date" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_rules_amount_cents_positive" CHECK ("recurring_rules"."amount_cents" > 0),
	CONSTRAINT "recurring_rules_frequency_valid" CHECK ("recurring_rules"."frequency" in ('daily', 'weekly', 'monthly', 'annually')),
	CONSTRAINT "recurring_rules_end_after_start" CHECK ("recurring_rules"."end_date" is null or "recurring_rules"."end_date" >= "recurring_rules"."start_date")
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_rule_id_recurring_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."recurring_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_user_category_month_unique" ON "budgets" USING btree ("user_id","category","year","month");--> statement-breakpoint
CREATE INDEX "recurring_rules_user_idx" ON "recurring_rules" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_rules_next_due_idx" ON "recurring_rules" USING btree ("next_due_date") WHERE "recurring_rules"."next_due_date" is not null;