ALTER TABLE "tour_dates" ADD COLUMN "min_riders" smallint;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD COLUMN "decision_date" date;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD CONSTRAINT "tour_dates_min_riders_positive" CHECK ("tour_dates"."min_riders" is null or "tour_dates"."min_riders" >= 1);