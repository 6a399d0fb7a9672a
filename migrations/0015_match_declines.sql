CREATE TABLE "project_declines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"matched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_declines" ADD CONSTRAINT "project_declines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_declines" ADD CONSTRAINT "project_declines_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_declines_project_idx" ON "project_declines" USING btree ("project_id","contractor_id");--> statement-breakpoint
-- hand-written: projects with a contractor were assigned when the audit log says (else at their last update)
UPDATE "projects" p SET "assigned_at" = coalesce(
  (SELECT max(a."created_at") FROM "audit_log" a
    WHERE a."action" = 'project.assign' AND a."entity_type" = 'project' AND a."entity_id" = p."id"::text),
  p."updated_at")
WHERE p."contractor_id" IS NOT NULL;
