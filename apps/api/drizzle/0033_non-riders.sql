ALTER TABLE "tour_dates" ADD COLUMN "non_rider_price" integer;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD COLUMN "non_rider_places" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD COLUMN "non_rider_places_free" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "non_riders" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "non_rider_price" integer;--> statement-breakpoint
ALTER TABLE "booking_tourists" ADD COLUMN "rides" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD CONSTRAINT "tour_dates_non_rider_places_within_capacity" CHECK ("tour_dates"."non_rider_places_free" >= 0 and "tour_dates"."non_rider_places_free" <= "tour_dates"."non_rider_places");--> statement-breakpoint
ALTER TABLE "tour_dates" ADD CONSTRAINT "tour_dates_non_rider_price_with_places" CHECK (("tour_dates"."non_rider_price" is null and "tour_dates"."non_rider_places" = 0) or ("tour_dates"."non_rider_price" >= 0));--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_non_riders_priced" CHECK ("booking_requests"."non_riders" >= 0 and ("booking_requests"."non_riders" = 0 or "booking_requests"."non_rider_price" >= 0));