-- Tour-date prices in the organizer's currency pass 2^31 minor units like bookings' amounts did
-- (migration 0035): one rider's ₮25,000,000 is 2,500,000,000. 64-bit, one ALTER per table so each
-- table is rewritten once. The dollar columns stay 32-bit (schema/tours.ts says why).
ALTER TABLE "tour_dates" ALTER COLUMN "price" SET DATA TYPE bigint, ALTER COLUMN "price_without_discount" SET DATA TYPE bigint, ALTER COLUMN "prepayment_size" SET DATA TYPE bigint, ALTER COLUMN "non_rider_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "individual_tours" ALTER COLUMN "price" SET DATA TYPE bigint;
