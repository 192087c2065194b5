-- Issue 46: a booking's rider keeps the usual tack and comfortable hours a day of their rider
-- passport (or as typed), so the organizer's page shows each rider's fit against the tour. Both
-- optional; a companion who does not ride (rides = false) never carries them.
ALTER TABLE "booking_tourists" ADD COLUMN "tack" text;--> statement-breakpoint
ALTER TABLE "booking_tourists" ADD COLUMN "hours_per_day" real;--> statement-breakpoint
ALTER TABLE "booking_tourists" ADD CONSTRAINT "booking_tourists_tack" CHECK ("booking_tourists"."tack" in ('english', 'western', 'other'));--> statement-breakpoint
ALTER TABLE "booking_tourists" ADD CONSTRAINT "booking_tourists_hours_per_day" CHECK ("booking_tourists"."hours_per_day" between 0.5 and 12);--> statement-breakpoint
ALTER TABLE "booking_tourists" ADD CONSTRAINT "booking_tourists_non_rider_riding" CHECK ("booking_tourists"."rides" or ("booking_tourists"."tack" is null and "booking_tourists"."hours_per_day" is null));