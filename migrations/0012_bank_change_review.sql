CREATE TYPE "public"."bank_change_status" AS ENUM('pending', 'approved', 'rejected', 'superseded');--> statement-breakpoint
CREATE TABLE "contractor_bank_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contractor_id" uuid NOT NULL,
	"status" "bank_change_status" DEFAULT 'pending' NOT NULL,
	"bank_name" text NOT NULL,
	"account_type" "account_type" NOT NULL,
	"account_holder_name" text NOT NULL,
	"routing_number_encrypted" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"routing_number_last4" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_ip" text,
	"request_user_agent" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"review_notes" text
);
--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD COLUMN "payout_hold_reason" text;--> statement-breakpoint
ALTER TABLE "contractor_bank_changes" ADD CONSTRAINT "contractor_bank_changes_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_bank_changes" ADD CONSTRAINT "contractor_bank_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_bank_changes" ADD CONSTRAINT "contractor_bank_changes_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_bank_changes_one_pending_key" ON "contractor_bank_changes" USING btree ("contractor_id") WHERE "contractor_bank_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "contractor_bank_changes_status_idx" ON "contractor_bank_changes" USING btree ("status","requested_at");