-- Hand-written (drizzle-kit generate --custom). Two-factor sign-in (TOTP): the sealed secret and the last
-- time step accepted (replay), single-use recovery codes kept as salted hashes, and the short-lived step
-- between a right password and the code (a challenge, never a session).
CREATE TABLE "two_factor" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"sealed_secret" text NOT NULL,
	"enabled_at" timestamp (3) with time zone,
	"last_step" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp (3) with time zone,
	PRIMARY KEY ("user_id", "id")
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_challenges_user_id_idx" ON "sign_in_challenges" ("user_id");
--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_at_idx" ON "sign_in_challenges" ("expires_at");
