ALTER TABLE "projects" ADD COLUMN "match_overdue_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "crew_arrival_start" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "crew_arrival_end" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "crew_schedule_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "crew_reminder_sent_for" text;--> statement-breakpoint
CREATE INDEX "projects_matched_assigned_idx" ON "projects" USING btree ("assigned_at") WHERE "projects"."status" = 'matched' and "projects"."match_overdue_notified_at" is null;