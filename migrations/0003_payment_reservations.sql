ALTER TABLE "payments" ALTER COLUMN "quote_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "reserved_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "content_key" text;--> statement-breakpoint
CREATE INDEX "payments_status_updated_idx" ON "payments" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "quotes_content_key_idx" ON "quotes" USING btree ("content_key","created_at");