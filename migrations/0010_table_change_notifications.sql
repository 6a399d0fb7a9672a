-- Every committed change of a table that per-process read caches may depend on sends its name on
-- the channel ridgeline_table_changed (src/server/platform/read-cache.ts). Statement-level, so a
-- statement touching many rows sends one notification; PostgreSQL merges a transaction's identical
-- notifications and delivers them at commit, in commit order. Tables written on every request or
-- never read through a cache (sessions, rate limits, login failures, audit log, mail outbox, stored
-- files) have no trigger: see UNTRACKED_TABLES in read-cache.ts.
CREATE FUNCTION ridgeline_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ridgeline_table_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contact_messages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_messages" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "contractor_banking_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contractor_banking" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "contractor_credential_notices_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contractor_credential_notices" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "contractor_documents_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contractor_documents" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "contractor_licenses_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contractor_licenses" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "contractor_profiles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contractor_profiles" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "contractor_tax_info_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contractor_tax_info" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "discount_codes_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discount_codes" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "email_tokens_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "email_tokens" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "install_requests_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "install_requests" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "messages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "messages" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "payment_events_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_events" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "payments_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "project_files_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_files" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "projects_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "quote_reports_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "quote_reports" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "quotes_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "quotes" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "uploads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "uploads" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();
