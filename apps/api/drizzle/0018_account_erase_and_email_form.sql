-- Hand-written (drizzle-kit generate --custom). An account deletion asked without the password (the original
-- client's DELETE /api/users/account) is carried out after a grace period: erase_after says when, and
-- signing in with the password clears it. E-mails are compared in one form (NFC, lower-cased: contracts'
-- normalizeEmail); older rows are brought to it unless that would collide with another account.
ALTER TABLE "users" ADD COLUMN "erase_after" timestamp (3) with time zone;
--> statement-breakpoint
CREATE INDEX "users_erase_after_idx" ON "users" ("erase_after") WHERE "erase_after" IS NOT NULL;
--> statement-breakpoint
UPDATE "users" u SET "email" = lower(normalize(u."email", NFC))
  WHERE u."email" <> lower(normalize(u."email", NFC))
    AND NOT EXISTS (SELECT 1 FROM "users" o WHERE o."email" = lower(normalize(u."email", NFC)));
