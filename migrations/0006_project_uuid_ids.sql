-- Project ids become random uuids (they were a serial: guessable and countable). The serial
-- stays as "number", the running number of the SWRX job id. References follow through a join.
ALTER TABLE "projects" RENAME COLUMN "id" TO "number";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "project_uid" uuid;--> statement-breakpoint
UPDATE "project_files" f SET "project_uid" = p."id" FROM "projects" p WHERE p."number" = f."project_id";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "project_uid" uuid;--> statement-breakpoint
UPDATE "messages" m SET "project_uid" = p."id" FROM "projects" p WHERE p."number" = m."project_id";--> statement-breakpoint
ALTER TABLE "install_requests" ADD COLUMN "project_uid" uuid;--> statement-breakpoint
UPDATE "install_requests" r SET "project_uid" = p."id" FROM "projects" p WHERE p."number" = r."project_id";--> statement-breakpoint
ALTER TABLE "project_files" DROP CONSTRAINT "project_files_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "install_requests" DROP CONSTRAINT "install_requests_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "project_files" DROP COLUMN "project_id";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "project_id";--> statement-breakpoint
ALTER TABLE "install_requests" DROP COLUMN "project_id";--> statement-breakpoint
ALTER TABLE "project_files" RENAME COLUMN "project_uid" TO "project_id";--> statement-breakpoint
ALTER TABLE "messages" RENAME COLUMN "project_uid" TO "project_id";--> statement-breakpoint
ALTER TABLE "install_requests" RENAME COLUMN "project_uid" TO "project_id";--> statement-breakpoint
DELETE FROM "project_files" WHERE "project_id" IS NULL;--> statement-breakpoint
DELETE FROM "messages" WHERE "project_id" IS NULL;--> statement-breakpoint
ALTER TABLE "project_files" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_pkey";--> statement-breakpoint
ALTER TABLE "projects" ADD PRIMARY KEY ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_number_key" ON "projects" USING btree ("number");--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_requests" ADD CONSTRAINT "install_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_project_created_idx" ON "messages" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "project_files_project_kind_idx" ON "project_files" USING btree ("project_id","kind","created_at");--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "thumbnail_key" text;
