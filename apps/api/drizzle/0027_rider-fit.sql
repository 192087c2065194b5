ALTER TABLE "tour_dates" ADD COLUMN "heavy_places" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD COLUMN "heavy_places_free" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "rider_level" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "pace_walk" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "pace_trot" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "pace_canter" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "pace_gallop" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "terrain" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "hours_typical_day" real DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "hours_longest_day" real DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "tack" text DEFAULT 'english' NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "other_tack_on_request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "horse_breed" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "herd_size" smallint;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "max_rider_weight_kg" smallint DEFAULT 95 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "heavy_rider_weight_kg" smallint DEFAULT 95 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "min_riding_age" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "max_riding_age" smallint;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "non_riders_welcome" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD CONSTRAINT "tour_dates_heavy_places_within_capacity" CHECK ("tour_dates"."heavy_places_free" >= 0 and "tour_dates"."heavy_places_free" <= "tour_dates"."heavy_places");--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_rider_level_range" CHECK ("tours"."rider_level" between 0 and 4);--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_pace_mix_sums_to_100" CHECK ("tours"."pace_walk" >= 0 and "tours"."pace_trot" >= 0 and "tours"."pace_canter" >= 0 and "tours"."pace_gallop" >= 0 and "tours"."pace_walk" + "tours"."pace_trot" + "tours"."pace_canter" + "tours"."pace_gallop" = 100);--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_saddle_hours" CHECK ("tours"."hours_typical_day" > 0 and "tours"."hours_longest_day" >= "tours"."hours_typical_day" and "tours"."hours_longest_day" <= 12);--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_rider_weights" CHECK ("tours"."max_rider_weight_kg" between 40 and 200 and "tours"."heavy_rider_weight_kg" >= "tours"."max_rider_weight_kg" and "tours"."heavy_rider_weight_kg" <= 200);--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_riding_ages" CHECK ("tours"."min_riding_age" >= 0 and ("tours"."max_riding_age" is null or "tours"."max_riding_age" >= "tours"."min_riding_age"));