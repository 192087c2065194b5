-- Decision 181. An individual offer is booked on a date of its own, made on its first booking and
-- kept out of the catalogue: the date names its offer (at most one date an offer).
ALTER TABLE "tour_dates" ADD COLUMN "individual_tour_uuid" uuid;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD CONSTRAINT "tour_dates_individual_tour_uuid_individual_tours_uuid_fk" FOREIGN KEY ("individual_tour_uuid") REFERENCES "public"."individual_tours"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD CONSTRAINT "tour_dates_individualTourUuid_unique" UNIQUE("individual_tour_uuid");