CREATE INDEX "messages_receiver_created_idx" ON "messages" USING btree ("receiver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_homeowner_created_number_idx" ON "projects" USING btree ("homeowner_id","created_at","number");--> statement-breakpoint
CREATE INDEX "projects_contractor_created_number_idx" ON "projects" USING btree ("contractor_id","created_at","number");