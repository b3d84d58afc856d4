-- The first answer to each Idempotency-Key a user sent on a transaction's create, edit or delete, so a
-- retried request (an offline queue sending again, a client that timed out) acts once.
CREATE TABLE "idempotency_keys" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "key" text NOT NULL,
  "fingerprint" text NOT NULL,
  "response" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY ("user_id", "key")
);
