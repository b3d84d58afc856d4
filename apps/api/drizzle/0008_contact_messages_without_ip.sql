DROP INDEX "contact_messages_client_ip_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_email_created_idx";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "client_ip";