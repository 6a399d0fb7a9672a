ALTER TABLE "projects" ADD COLUMN "ridge_vent" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "ridge_vent" text;