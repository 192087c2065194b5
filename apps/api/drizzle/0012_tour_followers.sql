ALTER TABLE "tour_program_requests" ADD COLUMN "seen_date_id" integer;--> statement-breakpoint
ALTER TABLE "tour_program_requests" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tour_program_requests_followers_idx" ON "tour_program_requests" USING btree ("tour_id") WHERE "tour_program_requests"."channel" = 'subscription';