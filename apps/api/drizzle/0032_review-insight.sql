ALTER TABLE "organizers" ADD COLUMN "horse_condition_rating" real;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "horse_condition_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rider_level" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "ride_month" date;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "horse_condition" smallint;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "horse_condition_rating" real;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "horse_condition_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rider_level_range" CHECK ("reviews"."rider_level" between 0 and 4);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_ride_month_first_day" CHECK ("reviews"."ride_month" = date_trunc('month', "reviews"."ride_month")::date);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_horse_condition_range" CHECK ("reviews"."horse_condition" between 1 and 5);