-- Hand-written (drizzle-kit generate --custom). A payee merge can be undone for a while: what it changed is
-- kept here (the merged payees' ids and names, which rows each had, the rules it moved or made), one row per
-- user, replaced by the user's next merge, so it never grows and an Undo of an older merge is refused.
CREATE TABLE "payee_merge_undos" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "into_id" uuid NOT NULL,
  "before" jsonb NOT NULL,
  "created_at" timestamp (3) with time zone NOT NULL
);
