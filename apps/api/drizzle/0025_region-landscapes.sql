ALTER TABLE "countries" ADD COLUMN "landscape" text;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "landscape" text;