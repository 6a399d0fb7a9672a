CREATE INDEX "contact_messages_created_id_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_email_search_idx" ON "contact_messages" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_name_search_idx" ON "contact_messages" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_last_name_search_idx" ON "contact_messages" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "install_requests_created_id_idx" ON "install_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "install_requests_email_search_idx" ON "install_requests" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "install_requests_last_name_search_idx" ON "install_requests" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "install_requests_address_search_idx" ON "install_requests" USING btree (lower("address") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotes_created_id_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_created_id_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_report_queue_idx" ON "quotes" USING btree (coalesce("submitted_at", "created_at"),"id") WHERE "quotes"."status" = 'submitted' and ("quotes"."report_status" in ('awaiting_measurements', 'failed') or ("quotes"."report_basis" = 'preliminary' and "quotes"."report_status" = 'ready'));--> statement-breakpoint
CREATE INDEX "quotes_reference_search_idx" ON "quotes" USING btree (lower("reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotes_requester_email_search_idx" ON "quotes" USING btree (lower("requester_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotes_requester_last_name_search_idx" ON "quotes" USING btree (lower("requester_last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_id_idx" ON "mail_outbox" USING btree ("created_at","id");