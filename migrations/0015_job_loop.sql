CREATE TYPE "public"."project_document_type" AS ENUM('contract', 'permit', 'invoice', 'warranty', 'inspection', 'other');--> statement-breakpoint
CREATE TABLE "project_declines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"matched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "document_type" "project_document_type";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "roof_area_source" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "roof_layers" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "storeys" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "plywood_needed" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "insurance_carrier" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "insurance_claim_number" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "homeowner_name" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "homeowner_email" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "homeowner_phone" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_declines" ADD CONSTRAINT "project_declines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_declines" ADD CONSTRAINT "project_declines_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_declines_project_idx" ON "project_declines" USING btree ("project_id","contractor_id");--> statement-breakpoint
CREATE INDEX "projects_homeowner_email_idx" ON "projects" USING btree (lower("homeowner_email")) WHERE "projects"."homeowner_id" is null;--> statement-breakpoint
-- Hand-written (issue 23 #5, #6, #1): re-append after regenerating. The moment of assignment from
-- the audit log's latest 'project.assign' row of each project; without one, for a matched,
-- started or completed project, its last update (never after its start, so the timeline keeps
-- its order).
UPDATE "projects" AS p SET "assigned_at" = a.at
FROM (
  SELECT "entity_id", max("created_at") AS at FROM "audit_log"
  WHERE "action" = 'project.assign' AND "entity_type" = 'project'
  GROUP BY "entity_id"
) AS a
WHERE a."entity_id" = p."id"::text AND p."contractor_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "projects" SET "assigned_at" = least("updated_at", coalesce("start_date", "updated_at"))
WHERE "assigned_at" IS NULL AND "contractor_id" IS NOT NULL
  AND "status" IN ('matched', 'in_progress', 'completed');
--> statement-breakpoint
-- The homeowner's contact from the account a project belongs to ...
UPDATE "projects" AS p SET
  "homeowner_email" = lower(u."email"),
  "homeowner_name" = nullif(trim(concat_ws(' ', u."first_name", u."last_name")), ''),
  "homeowner_phone" = u."phone"
FROM "users" AS u
WHERE u."id" = p."homeowner_id" AND p."homeowner_email" IS NULL;
--> statement-breakpoint
-- ... and what a converted quote knew (its homeowner when the project has no account yet).
UPDATE "projects" AS p SET
  "homeowner_email" = coalesce(p."homeowner_email", lower(coalesce(q."homeowner_email", q."requester_email"))),
  "homeowner_name" = coalesce(p."homeowner_name", nullif(trim(concat_ws(' ', q."homeowner_first_name", q."homeowner_last_name")), '')),
  "homeowner_phone" = coalesce(p."homeowner_phone", q."homeowner_phone"),
  "roof_layers" = q."roof_layers",
  "storeys" = q."building_height",
  "plywood_needed" = q."plywood_needed",
  "insurance_carrier" = CASE WHEN lower(trim(q."insurance_involved")) = 'yes' THEN q."carrier_name" END,
  "insurance_claim_number" = CASE WHEN lower(trim(q."insurance_involved")) = 'yes' THEN q."claim_number" END,
  "roof_area" = coalesce(p."roof_area", q."roof_area_sq_ft"),
  "roof_area_source" = CASE
    WHEN p."roof_area" IS NOT NULL AND q."sketch_upload_id" IS NOT NULL THEN 'measured'
    WHEN coalesce(p."roof_area", q."roof_area_sq_ft") IS NOT NULL THEN 'typed'
  END
FROM "quotes" AS q
WHERE q."id" = p."quote_id";
