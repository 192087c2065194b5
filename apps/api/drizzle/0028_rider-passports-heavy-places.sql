CREATE TABLE "rider_passports" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"passport" jsonb,
	"companions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "heavy_places" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_tourists" ADD COLUMN "rider_level" smallint;--> statement-breakpoint
ALTER TABLE "rider_passports" ADD CONSTRAINT "rider_passports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_heavy_places_within_seats" CHECK ("booking_requests"."heavy_places" >= 0 and "booking_requests"."heavy_places" <= "booking_requests"."seats");--> statement-breakpoint
ALTER TABLE "booking_tourists" ADD CONSTRAINT "booking_tourists_rider_level_range" CHECK ("booking_tourists"."rider_level" between 0 and 4);--> statement-breakpoint
-- Decision 083's log also follows heavier-horse places: a booking of a heavier rider changes what
-- the search's weight filter and a card's fit answer, so kept cards are forgotten for it too.
DROP TRIGGER "tour_dates_seat_change" ON "tour_dates";--> statement-breakpoint
CREATE TRIGGER "tour_dates_seat_change" AFTER UPDATE OF "number_of_free_seats", "is_busy", "heavy_places_free" ON "tour_dates"
	FOR EACH ROW
	WHEN (OLD."number_of_free_seats" IS DISTINCT FROM NEW."number_of_free_seats" OR OLD."is_busy" IS DISTINCT FROM NEW."is_busy" OR OLD."heavy_places_free" IS DISTINCT FROM NEW."heavy_places_free")
	EXECUTE FUNCTION "log_tour_seat_change"();
