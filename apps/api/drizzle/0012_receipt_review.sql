ALTER TABLE "receipts" DROP CONSTRAINT "receipts_status_valid";--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "confidence" jsonb;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "doubts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "swept_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "receipts_processing_idx" ON "receipts" USING btree ("created_at") WHERE "receipts"."status" = 'processing';--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_status_valid" CHECK ("receipts"."status" in ('processing', 'needs_review', 'done', 'failed'));