ALTER TABLE "transactions" ADD COLUMN "bank_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_user_bank_id_unique" ON "transactions" USING btree ("user_id","bank_id") WHERE "transactions"."bank_id" is not null;--> statement-breakpoint
CREATE TABLE "import_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"match" text NOT NULL,
	"field" text DEFAULT 'name' NOT NULL,
	"pattern" text NOT NULL,
	"min_amount_cents" bigint,
	"max_amount_cents" bigint,
	"type" text,
	"set_category" text NOT NULL,
	"rename" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_rules_match_valid" CHECK ("import_rules"."match" in ('contains', 'startsWith', 'regex')),
	CONSTRAINT "import_rules_field_valid" CHECK ("import_rules"."field" in ('name', 'note')),
	CONSTRAINT "import_rules_type_valid" CHECK ("import_rules"."type" is null or "import_rules"."type" in ('income', 'expense'))
);
--> statement-breakpoint
ALTER TABLE "import_rules" ADD CONSTRAINT "import_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_rules_user_position_idx" ON "import_rules" USING btree ("user_id","position");
