CREATE TYPE "public"."punch_item_status" AS ENUM('open', 'resolved');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'closeout' BEFORE 'contractor_verified';--> statement-breakpoint
CREATE TABLE "project_punch_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"status" "punch_item_status" DEFAULT 'open' NOT NULL,
	"note" text NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution_note" text,
	"resolution_photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolved_by" uuid,
	"resolved_by_admin" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"reopen_note" text,
	"reopened_at" timestamp with time zone,
	"admin_note" text,
	"admin_note_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "inspection_checklist" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "inspection_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "work_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_punch_items" ADD CONSTRAINT "project_punch_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_punch_items" ADD CONSTRAINT "project_punch_items_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_punch_items" ADD CONSTRAINT "project_punch_items_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_punch_items_project_idx" ON "project_punch_items" USING btree ("project_id","status","created_at");--> statement-breakpoint
-- Hand-written (issue 25 #1): re-append after regenerating. The project lists' read cache counts
-- open punch items: the table announces its changes like the others it reads (migration 0010).
CREATE TRIGGER "project_punch_items_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_punch_items" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
-- Jobs completed before the final
-- inspection existed were closed without one: they count as accepted on their completion date.
UPDATE "projects" SET "work_accepted_at" = coalesce("completion_date", "updated_at") WHERE "status" = 'completed';
