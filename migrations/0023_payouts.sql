CREATE TABLE "payout_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_payment_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"contractor_id" uuid,
	"part" text NOT NULL,
	"method" text NOT NULL,
	"gross_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"share_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_ledger_split" CHECK ("payout_ledger"."fee_cents" >= 0 and "payout_ledger"."share_cents" >= 0 and "payout_ledger"."fee_cents" + "payout_ledger"."share_cents" = "payout_ledger"."gross_cents"),
	CONSTRAINT "payout_ledger_refunded" CHECK ("payout_ledger"."refunded_cents" between 0 and "payout_ledger"."gross_cents")
);
--> statement-breakpoint
CREATE TABLE "payout_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" uuid NOT NULL,
	"ledger_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"contractor_id" uuid,
	"amount_cents" integer NOT NULL,
	"share_cents" integer NOT NULL,
	"fee_returned_cents" integer NOT NULL,
	"from_payout_cents" integer NOT NULL,
	"carried_cents" integer NOT NULL,
	"payout_id" uuid,
	"reason" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_refunds_split" CHECK ("payout_refunds"."share_cents" + "payout_refunds"."fee_returned_cents" = "payout_refunds"."amount_cents" and "payout_refunds"."from_payout_cents" + "payout_refunds"."carried_cents" = "payout_refunds"."share_cents")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ledger_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"contractor_id" uuid,
	"amount_cents" integer NOT NULL,
	"deducted_cents" integer DEFAULT 0 NOT NULL,
	"balance_taken_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"hold_reason" text,
	"account_last4" text,
	"provider" text,
	"transfer_id" text,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amounts" CHECK ("payouts"."deducted_cents" >= 0 and "payouts"."balance_taken_cents" >= 0 and "payouts"."deducted_cents" + "payouts"."balance_taken_cents" <= "payouts"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"destination_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_ledger" ADD CONSTRAINT "payout_ledger_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_ledger" ADD CONSTRAINT "payout_ledger_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_refunds" ADD CONSTRAINT "payout_refunds_ledger_id_payout_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."payout_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_refunds" ADD CONSTRAINT "payout_refunds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_refunds" ADD CONSTRAINT "payout_refunds_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_refunds" ADD CONSTRAINT "payout_refunds_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_ledger_id_payout_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."payout_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_ledger_job_payment_key" ON "payout_ledger" USING btree ("job_payment_id");--> statement-breakpoint
CREATE INDEX "payout_ledger_received_idx" ON "payout_ledger" USING btree ("received_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_refunds_refund_key" ON "payout_refunds" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "payout_refunds_created_idx" ON "payout_refunds" USING btree ("refunded_at","id");--> statement-breakpoint
CREATE INDEX "payout_refunds_contractor_idx" ON "payout_refunds" USING btree ("contractor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_ledger_key" ON "payouts" USING btree ("ledger_id");--> statement-breakpoint
CREATE INDEX "payouts_contractor_idx" ON "payouts" USING btree ("contractor_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("status") WHERE "payouts"."status" in ('held', 'pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfers_idempotency_key" ON "sandbox_transfers" USING btree ("idempotency_key");