ALTER TABLE "contractor_banking" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "contractor_banking" ADD COLUMN "stripe_bank_version" text;