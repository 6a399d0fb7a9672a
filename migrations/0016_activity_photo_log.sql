CREATE TYPE "public"."workflow_step" AS ENUM('homeowner_contact', 'material_selection', 'permit_status', 'material_order', 'crew_scheduled', 'install_completed');--> statement-breakpoint
CREATE TABLE "project_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachment_file_id" uuid;--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "step" "workflow_step";--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "caption" text;--> statement-breakpoint
ALTER TABLE "project_activity" ADD CONSTRAINT "project_activity_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_activity" ADD CONSTRAINT "project_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_activity_project_idx" ON "project_activity" USING btree ("project_id","created_at","id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_attachment_file_id_project_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."project_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 23 #8): re-append after regenerating. Projects made before the feed get
-- its milestones from their own columns (project-activity.repo.ts backfillSql does the same for
-- the demo data): created, contractor assigned, work started, installation completed.
INSERT INTO "project_activity" ("project_id", "kind", "data", "created_at")
SELECT p."id", 'created', '{}'::jsonb, p."created_at" FROM "projects" p
UNION ALL
SELECT p."id", 'assigned',
       jsonb_build_object('contractorId', p."contractor_id", 'companyName', coalesce(c."company_name", 'The contractor')),
       p."assigned_at"
  FROM "projects" p JOIN "contractor_profiles" c ON c."id" = p."contractor_id"
 WHERE p."assigned_at" IS NOT NULL
UNION ALL
SELECT p."id", 'accepted', '{}'::jsonb, p."start_date" FROM "projects" p WHERE p."start_date" IS NOT NULL
UNION ALL
SELECT p."id", 'step',
       jsonb_build_object('step', 'install_completed', 'changes', jsonb_build_object('installCompleted', true)),
       coalesce(p."install_completed_date", p."completion_date")
  FROM "projects" p WHERE p."install_completed" AND coalesce(p."install_completed_date", p."completion_date") IS NOT NULL;
