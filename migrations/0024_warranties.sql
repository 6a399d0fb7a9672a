CREATE TYPE "public"."warranty_claim_status" AS ENUM('open', 'scheduled', 'resolved');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'warranty_claim' BEFORE 'contractor_verified';--> statement-breakpoint
CREATE TABLE "warranties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"contractor_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"workmanship_years" integer NOT NULL,
	"workmanship_ends_at" timestamp with time zone NOT NULL,
	"material" text,
	"material_years" integer,
	"material_stated" text,
	"material_source" text,
	"material_ends_at" timestamp with time zone,
	"certificate_key" text,
	"certificate_size" integer,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_claim_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"author_id" uuid,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warranty_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"opened_by" uuid,
	"description" text NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "warranty_claim_status" DEFAULT 'open' NOT NULL,
	"scheduled_for" text,
	"resolution_note" text,
	"resolved_at" timestamp with time zone,
	"status_changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claim_messages" ADD CONSTRAINT "warranty_claim_messages_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claim_messages" ADD CONSTRAINT "warranty_claim_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warranties_project_key" ON "warranties" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "warranties_unmailed_idx" ON "warranties" USING btree ("created_at") WHERE "warranties"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "warranty_claim_messages_claim_idx" ON "warranty_claim_messages" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "warranty_claims_project_idx" ON "warranty_claims" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "warranty_claims_unresolved_idx" ON "warranty_claims" USING btree ("created_at") WHERE "warranty_claims"."status" <> 'resolved';