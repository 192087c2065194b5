-- Amounts in a traveller's currency pass 2^31 minor units (a few riders' price in MNT or KRW):
-- 64-bit, one ALTER per table so each table is rewritten once.
ALTER TABLE "booking_requests" ALTER COLUMN "price" SET DATA TYPE bigint, ALTER COLUMN "prepayment" SET DATA TYPE bigint, ALTER COLUMN "paid" SET DATA TYPE bigint, ALTER COLUMN "refunded" SET DATA TYPE bigint, ALTER COLUMN "source_price" SET DATA TYPE bigint, ALTER COLUMN "non_rider_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE bigint, ALTER COLUMN "refunded" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ALTER COLUMN "amount" SET DATA TYPE bigint, ALTER COLUMN "refunded" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ALTER COLUMN "amount" SET DATA TYPE bigint;
