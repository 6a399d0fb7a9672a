CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_search_idx" ON "users" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_search_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contractor_profiles_created_id_idx" ON "contractor_profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contractor_profiles_company_id_idx" ON "contractor_profiles" USING btree ("company_name","id");--> statement-breakpoint
CREATE INDEX "contractor_profiles_company_search_idx" ON "contractor_profiles" USING btree (lower("company_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contractor_profiles_contact_search_idx" ON "contractor_profiles" USING btree (lower("contact_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contractor_profiles_email_search_idx" ON "contractor_profiles" USING btree (lower("contact_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "projects_created_number_idx" ON "projects" USING btree ("created_at","number");--> statement-breakpoint
CREATE INDEX "projects_created_id_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_state_created_idx" ON "projects" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "projects_priority_created_idx" ON "projects" USING btree ("priority","created_at");--> statement-breakpoint
CREATE INDEX "projects_title_search_idx" ON "projects" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "projects_address_search_idx" ON "projects" USING btree (lower("address") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "projects_homeowner_name_search_idx" ON "projects" USING btree (lower("homeowner_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "projects_homeowner_email_search_idx" ON "projects" USING btree (lower("homeowner_email") text_pattern_ops);