ALTER TABLE "tours" ADD COLUMN "cancellation_policy" text DEFAULT 'moderate' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "cancellation_policy" text;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "cancellation_tiers" jsonb;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "balance_reminded_days" smallint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "request_id" integer;