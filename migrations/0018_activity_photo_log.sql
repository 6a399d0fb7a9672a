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
-- Hand-written (issue 23 #8): re-append after regenerating. The feed of projects made before it:
-- their milestones and finished steps from their own columns (the same text as
-- project-activity.repo.ts backfillSql, which fills the demo data's feed).
insert into project_activity (project_id, kind, data, created_at, actor_id, actor_name)
select p.id, e.kind, e.data, e.at, case when e.by_contractor then cu.id end,
       case when e.by_contractor then coalesce(nullif(trim(cu.first_name), ''), 'Someone') end
  from projects p
  left join contractor_profiles c on c.id = p.contractor_id
  left join users cu on cu.id = c.user_id
  cross join lateral (values
    ('created', '{}'::jsonb, p.created_at, false),
    ('assigned', jsonb_build_object('contractorId', p.contractor_id, 'companyName', c.company_name),
      case when c.id is not null then p.assigned_at end, false),
    ('accepted', '{}'::jsonb, p.start_date, false),
    ('step', '{"step":"homeowner_contact","changes":{"homeownerContactCompleted":true}}'::jsonb,
      case when p.homeowner_contact_completed then p.homeowner_contact_date end, true),
    ('step', '{"step":"material_selection","changes":{"materialSelectionCompleted":true}}'::jsonb,
      case when p.material_selection_completed then p.material_selection_date end, true),
    ('step', '{"step":"material_selection","changes":{"homeownerSignatureConfirmed":true}}'::jsonb,
      case when p.homeowner_signature_confirmed then p.homeowner_signature_date end, true),
    ('step', '{"step":"permit_status","changes":{"permitStatus":"applied"}}'::jsonb, p.permit_application_date, true),
    ('step', '{"step":"permit_status","changes":{"permitStatus":"issued"}}'::jsonb,
      case when p.permit_status = 'issued' then p.permit_issued_date end, true),
    ('step', '{"step":"material_order","changes":{"materialStatus":"ordered"}}'::jsonb, p.material_ordered_date, true),
    ('step', '{"step":"material_order","changes":{"materialStatus":"delivered"}}'::jsonb,
      case when p.material_status = 'delivered' then p.material_delivered_date end, true),
    ('step', '{"step":"install_completed","changes":{"installCompleted":true}}'::jsonb,
      case when p.install_completed then coalesce(p.install_completed_date, p.completion_date) end, false)
  ) as e(kind, data, at, by_contractor)
 where e.at is not null;
