-- Hand-written (drizzle-kit generate --custom). Password reset by e-mail: one row per link sent. Only the
-- SHA-256 of the link's secret is kept, so a copy of the database cannot be used to reset a password.
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "password_resets_user_id_idx" ON "password_resets" ("user_id");
--> statement-breakpoint
CREATE INDEX "password_resets_expires_at_idx" ON "password_resets" ("expires_at");
