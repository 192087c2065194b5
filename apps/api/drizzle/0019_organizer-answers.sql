ALTER TABLE "booking_requests" ADD COLUMN "respond_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "decline_reason" text;--> statement-breakpoint
-- Decision 090: requests already waiting for their organizer get the default 48 hours from now.
UPDATE "booking_requests" SET "respond_by" = now() + interval '48 hours' WHERE "status" = 1 AND "respond_by" IS NULL;
