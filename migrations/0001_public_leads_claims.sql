ALTER TABLE "contact_messages" ADD COLUMN "delivered_to" text;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "data" jsonb;--> statement-breakpoint
CREATE INDEX "contact_messages_delivery_idx" ON "contact_messages" USING btree ("delivery_status","delivery_attempts");