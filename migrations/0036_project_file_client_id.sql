ALTER TABLE "project_files" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "project_files_project_client_id_idx" ON "project_files" USING btree ("project_id","client_id");