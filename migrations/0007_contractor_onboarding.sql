CREATE TABLE "contractor_credential_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contractor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text,
	"expiration_date" date NOT NULL,
	"status" text NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_credential_notices_once_key" UNIQUE NULLS NOT DISTINCT("contractor_id","kind","state","expiration_date","status")
);
--> statement-breakpoint
CREATE TABLE "contractor_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contractor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contractor_licenses" ADD COLUMN "license_document_id" uuid;--> statement-breakpoint
ALTER TABLE "contractor_credential_notices" ADD CONSTRAINT "contractor_credential_notices_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_documents" ADD CONSTRAINT "contractor_documents_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractor_documents_contractor_idx" ON "contractor_documents" USING btree ("contractor_id","created_at");--> statement-breakpoint
ALTER TABLE "contractor_licenses" ADD CONSTRAINT "contractor_licenses_license_document_id_contractor_documents_id_fk" FOREIGN KEY ("license_document_id") REFERENCES "public"."contractor_documents"("id") ON DELETE set null ON UPDATE no action;