-- A booking keeps the prepayment terms it was made under: a change of its riders prices the
-- prepayment by them, not by whatever its date asks of later bookings since.
ALTER TABLE "booking_requests" ADD COLUMN "prepayment_type" text;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "prepayment_size" bigint;--> statement-breakpoint
-- Bookings made before kept no terms: they get their date's terms of the day (what a rider change
-- priced them by until now), a fixed size converted into the booking's currency at its own rate,
-- in whole units, as the API converts it.
UPDATE "booking_requests" AS "r" SET
	"prepayment_type" = "d"."prepayment_type",
	"prepayment_size" = CASE
		WHEN "d"."prepayment_type" = 'fixed' AND "d"."prepayment_size" IS NOT NULL
			THEN (round("d"."prepayment_size"::numeric / 100 * coalesce("r"."exchange_rate", 1)::numeric) * 100)::bigint
		ELSE "d"."prepayment_size"
	END
FROM "tour_dates" AS "d"
WHERE "d"."id" = "r"."tour_date_id";
