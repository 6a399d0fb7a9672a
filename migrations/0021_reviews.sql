ALTER TYPE "public"."notification_kind" ADD VALUE 'review_requested' BEFORE 'contractor_verified';--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"homeowner_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
DROP INDEX "contractor_profiles_rating_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_contractor_id_contractor_profiles_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_homeowner_id_users_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_project_key" ON "reviews" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "reviews_contractor_visible_idx" ON "reviews" USING btree ("contractor_id","created_at") WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
ALTER TABLE "contractor_profiles" DROP COLUMN "rating";--> statement-breakpoint
-- ratings are read from reviews by cached reads (contractor search, project lists): their caches follow its changes (read-cache.ts)
CREATE TRIGGER "reviews_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();
