CREATE TYPE "public"."account_type" AS ENUM('checking', 'savings');--> statement-breakpoint
CREATE TYPE "public"."business_type" AS ENUM('sole_proprietorship', 'partnership', 'corporation', 'llc');--> statement-breakpoint
CREATE TYPE "public"."contact_channel" AS ENUM('chat', 'email');--> statement-breakpoint
CREATE TYPE "public"."delivery_status" AS ENUM('pending', 'delivered', 'failed');--> statement-breakpoint
CREATE TYPE "public"."discount_type" AS ENUM('amount', 'percent', 'free');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('pending', 'sent', 'failed', 'kept');--> statement-breakpoint
CREATE TYPE "public"."material_status" AS ENUM('not_ordered', 'ordered', 'delivered');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('none', 'requires_payment', 'processing', 'succeeded', 'failed', 'free');--> statement-breakpoint
CREATE TYPE "public"."permit_status" AS ENUM('application_needed', 'applied', 'issued', 'not_required');--> statement-breakpoint
CREATE TYPE "public"."project_file_kind" AS ENUM('document', 'image', 'install_photo', 'signature');--> statement-breakpoint
CREATE TYPE "public"."project_priority" AS ENUM('low', 'normal', 'medium', 'high', 'urgent');--> statement-breakpoint
CREATE TYPE "public"."project_status" AS ENUM('pending', 'matched', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."quote_status" AS ENUM('draft', 'awaiting_payment', 'submitted', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('not_started', 'awaiting_measurements', 'queued', 'processing', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."urgency" AS ENUM('standard', 'expedited', 'emergency');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('homeowner', 'contractor', 'admin');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('pending', 'pending_verification', 'verified', 'rejected');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"data" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "contact_channel" NOT NULL,
	"name" text,
	"first_name" text,
	"last_name" text,
	"email" text NOT NULL,
	"phone" text,
	"subject" text,
	"message" text NOT NULL,
	"project_id" text,
	"user_id" uuid,
	"delivery_status" "delivery_status" DEFAULT 'pending' NOT NULL,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_banking" (
	"contractor_id" uuid PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"account_type" "account_type" NOT NULL,
	"account_holder_name" text NOT NULL,
	"routing_number_encrypted" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"routing_number_last4" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contractor_id" uuid NOT NULL,
	"state" text NOT NULL,
	"license_number" text,
	"license_type" text,
	"expiration_date" date,
	"no_license_required" boolean DEFAULT false NOT NULL,
	"license_document" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"business_address" text NOT NULL,
	"business_city" text,
	"business_state" text,
	"business_zip" text,
	"website" text,
	"working_states" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"travel_distance" integer DEFAULT 50 NOT NULL,
	"specialties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"years_experience" integer DEFAULT 0 NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"total_projects" integer DEFAULT 0 NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"verification_status" "verification_status" DEFAULT 'pending' NOT NULL,
	"verification_notes" text,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"profile_completion_status" text DEFAULT 'application_submitted' NOT NULL,
	"insurance_data" jsonb,
	"payment_setup_completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_tax_info" (
	"contractor_id" uuid PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"business_type" "business_type" NOT NULL,
	"business_address" text NOT NULL,
	"business_city" text NOT NULL,
	"business_state" text NOT NULL,
	"business_zip" text NOT NULL,
	"ein_encrypted" text,
	"ssn_encrypted" text,
	"ein_last4" text,
	"ssn_last4" text,
	"w9_document" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"type" "discount_type" NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "install_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"insurance_company" text,
	"claim_number" text,
	"approved_amount" integer,
	"project_description" text,
	"urgency" "urgency" DEFAULT 'standard' NOT NULL,
	"preferred_start_date" date,
	"preferred_contractor_id" uuid,
	"user_id" uuid,
	"project_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"cc" text,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"content" text NOT NULL,
	"message_type" text DEFAULT 'text' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" "payment_status" DEFAULT 'requires_payment' NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"kind" "project_file_kind" NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"address" text NOT NULL,
	"city" text,
	"state" text,
	"zip_code" text,
	"roof_area" integer,
	"roof_type" text,
	"material_preference" text,
	"priority" "project_priority" DEFAULT 'normal' NOT NULL,
	"status" "project_status" DEFAULT 'pending' NOT NULL,
	"estimated_cost" integer,
	"final_cost" integer,
	"contractor_payment_amount" integer,
	"contractor_id" uuid,
	"homeowner_id" uuid,
	"preferred_contractor_id" uuid,
	"quote_id" uuid,
	"source" text DEFAULT 'admin' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start_date" timestamp with time zone,
	"completion_date" timestamp with time zone,
	"homeowner_contact_completed" boolean DEFAULT false NOT NULL,
	"homeowner_contact_date" timestamp with time zone,
	"homeowner_contact_notes" text,
	"material_selection_completed" boolean DEFAULT false NOT NULL,
	"material_selection_date" timestamp with time zone,
	"selected_material" text,
	"homeowner_signature_confirmed" boolean DEFAULT false NOT NULL,
	"homeowner_signature_date" timestamp with time zone,
	"signature_document" text,
	"permit_status" "permit_status" DEFAULT 'application_needed' NOT NULL,
	"permit_application_date" timestamp with time zone,
	"permit_issued_date" timestamp with time zone,
	"permit_notes" text,
	"material_status" "material_status" DEFAULT 'not_ordered' NOT NULL,
	"material_ordered_date" timestamp with time zone,
	"material_delivery_date" timestamp with time zone,
	"material_delivered_date" timestamp with time zone,
	"material_notes" text,
	"crew_scheduled" boolean DEFAULT false NOT NULL,
	"crew_scheduled_date" timestamp with time zone,
	"crew_scheduled_notes" text,
	"install_completed" boolean DEFAULT false NOT NULL,
	"install_completed_date" timestamp with time zone,
	"install_notes" text
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"confirmation_code" text NOT NULL,
	"status" "quote_status" DEFAULT 'draft' NOT NULL,
	"requester_first_name" text NOT NULL,
	"requester_last_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"insurance_involved" text NOT NULL,
	"carrier_name" text,
	"claim_number" text,
	"adjuster_first_name" text,
	"adjuster_last_name" text,
	"adjuster_email" text,
	"adjuster_phone" text,
	"homeowner_first_name" text NOT NULL,
	"homeowner_last_name" text NOT NULL,
	"homeowner_email" text,
	"homeowner_phone" text,
	"street_address" text NOT NULL,
	"street_address2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"roof_surface_material" text NOT NULL,
	"plywood_needed" text NOT NULL,
	"building_height" text NOT NULL,
	"roof_layers" text NOT NULL,
	"measurement_file_source" text NOT NULL,
	"sketch_upload_id" uuid,
	"sketch_file_url" text,
	"sketch_file_name" text,
	"sketch_file_size" integer,
	"base_price_cents" integer DEFAULT 45000 NOT NULL,
	"discount_code" text,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer DEFAULT 45000 NOT NULL,
	"is_vip_submission" boolean DEFAULT false NOT NULL,
	"payment_status" "payment_status" DEFAULT 'none' NOT NULL,
	"payment_intent_id" text,
	"report_status" "report_status" DEFAULT 'not_started' NOT NULL,
	"report_storage_key" text,
	"report_error" text,
	"report_attempts" integer DEFAULT 0 NOT NULL,
	"report_ready_at" timestamp with time zone,
	"measurement" jsonb,
	"estimate" jsonb,
	"homeowner_user_id" uuid,
	"idempotency_key" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"public_token" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"city" text,
	"state" text,
	"profile_image_url" text,
	"user_type" "user_type" DEFAULT 'homeowner' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_banking" ADD CONSTRAINT "contractor_banking_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_licenses" ADD CONSTRAINT "contractor_licenses_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD CONSTRAINT "contractor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_profiles" ADD CONSTRAINT "contractor_profiles_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_tax_info" ADD CONSTRAINT "contractor_tax_info_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_requests" ADD CONSTRAINT "install_requests_preferred_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("preferred_contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_requests" ADD CONSTRAINT "install_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_requests" ADD CONSTRAINT "install_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_homeowner_id_users_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_preferred_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("preferred_contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_sketch_upload_id_uploads_id_fk" FOREIGN KEY ("sketch_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_homeowner_user_id_users_id_fk" FOREIGN KEY ("homeowner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_licenses_contractor_state_key" ON "contractor_licenses" USING btree ("contractor_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_profiles_user_key" ON "contractor_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contractor_profiles_verification_idx" ON "contractor_profiles" USING btree ("verification_status","created_at");--> statement-breakpoint
CREATE INDEX "contractor_profiles_rating_idx" ON "contractor_profiles" USING btree ("rating");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "install_requests_created_idx" ON "install_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "install_requests_email_idx" ON "install_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "login_failures_email_at_idx" ON "login_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "messages_project_created_idx" ON "messages" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_receiver_unread_idx" ON "messages" USING btree ("receiver_id","is_read");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_created_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_quote_idx" ON "payments" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "project_files_project_kind_idx" ON "project_files" USING btree ("project_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_quote_key" ON "projects" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "projects_status_created_idx" ON "projects" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "projects_contractor_status_idx" ON "projects" USING btree ("contractor_id","status");--> statement-breakpoint
CREATE INDEX "projects_homeowner_idx" ON "projects" USING btree ("homeowner_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_created_at_idx" ON "projects" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_reference_key" ON "quotes" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_payment_intent_key" ON "quotes" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_idempotency_key" ON "quotes" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "quotes_created_at_idx" ON "quotes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quotes_report_status_idx" ON "quotes" USING btree ("report_status","created_at");--> statement-breakpoint
CREATE INDEX "quotes_requester_email_idx" ON "quotes" USING btree ("requester_email");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_public_token_key" ON "uploads" USING btree ("public_token");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");