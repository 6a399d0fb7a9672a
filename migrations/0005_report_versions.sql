CREATE TABLE "quote_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"basis" text NOT NULL,
	"storage_key" text NOT NULL,
	"measurement" jsonb NOT NULL,
	"estimate" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "report_basis" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "roof_area_sq_ft" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "living_area_sq_ft" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "stories" text;--> statement-breakpoint
ALTER TABLE "quote_reports" ADD CONSTRAINT "quote_reports_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_reports_quote_version_key" ON "quote_reports" USING btree ("quote_id","version");--> statement-breakpoint
-- reports made before versions existed: version 1, measured (only measured reports were made then)
INSERT INTO "quote_reports" ("quote_id", "version", "basis", "storage_key", "measurement", "estimate", "created_at")
SELECT "id", 1, 'measured', "report_storage_key", "measurement", "estimate", coalesce("report_ready_at", "updated_at")
FROM "quotes"
WHERE "report_storage_key" IS NOT NULL AND "measurement" IS NOT NULL AND "estimate" IS NOT NULL;--> statement-breakpoint
UPDATE "quotes" SET "report_basis" = 'measured' WHERE "report_storage_key" IS NOT NULL;
