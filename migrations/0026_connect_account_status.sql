ALTER TABLE "contractor_banking" ADD COLUMN "stripe_transfers_active" boolean;--> statement-breakpoint
ALTER TABLE "contractor_banking" ADD COLUMN "stripe_requirements_due" integer;--> statement-breakpoint
ALTER TABLE "contractor_banking" ADD COLUMN "stripe_status_checked_at" timestamp with time zone;