-- Hand-written (drizzle-kit generate --custom). Sign-ins the user can see and end: each bearer token names
-- one row here (lib/sessions.ts), so logging out, "sign out everywhere" and a password change refuse the
-- token at once. Only a hash of the token's secret is stored: a copy of this table signs no one in.
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"previous_token_hash" text,
	"rotated_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" ("expires_at");
--> statement-breakpoint
-- Each process remembers the sessions it has verified; ending one (delete) or renewing its token tells every
-- process to forget it, when the writer's transaction commits. last_seen_at updates notify no one.
CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paisable_session_changed', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_changed AFTER UPDATE OF token_hash OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
