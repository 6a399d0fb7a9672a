CREATE TYPE "public"."job_payment_method" AS ENUM('card', 'outside');--> statement-breakpoint
CREATE TYPE "public"."job_payment_part" AS ENUM('first', 'final');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'job_payment' BEFORE 'contractor_verified';--> statement-breakpoint
CREATE TABLE "job_payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_payment_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"created_by" uuid,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"part" "job_payment_part" NOT NULL,
	"amount_cents" integer NOT NULL,
	"payer_name" text,
	"payer_email" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_cents" integer,
	"received_at" timestamp with time zone,
	"method" "job_payment_method",
	"payment_id" uuid,
	"outside_reference" text,
	"outside_received_on" date,
	"received_by" uuid,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"receipt_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "job_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "job_payment_refunds" ADD CONSTRAINT "job_payment_refunds_job_payment_id_job_payments_id_fk" FOREIGN KEY ("job_payment_id") REFERENCES "public"."job_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payment_refunds" ADD CONSTRAINT "job_payment_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payments" ADD CONSTRAINT "job_payments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payments" ADD CONSTRAINT "job_payments_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_payment_refunds_request_key" ON "job_payment_refunds" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "job_payment_refunds_payment_idx" ON "job_payment_refunds" USING btree ("job_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_payments_project_part_key" ON "job_payments" USING btree ("project_id","part");--> statement-breakpoint
CREATE INDEX "job_payments_received_idx" ON "job_payments" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_job_payment_id_job_payments_id_fk" FOREIGN KEY ("job_payment_id") REFERENCES "public"."job_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_job_payment_idx" ON "payments" USING btree ("job_payment_id");