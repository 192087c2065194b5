-- Outbox retries with backoff (docs/operations.md, "The outbox"): when a row may be tried next
-- (null: sent or given up), until when it is of any use, and why its last attempt failed.
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '1 day' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
-- Sent rows need no next attempt; rows that used up the old 5 attempts stay given up.
UPDATE "outbox" SET "next_attempt_at" = NULL WHERE "sent_at" IS NOT NULL OR "attempts" >= 5;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE sent_at is null and next_attempt_at is not null;
