ALTER TABLE "organizers" ADD COLUMN "welfare_rest_days_per_week" smallint;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "welfare_max_work_hours" real;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "welfare_turnout" text;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "welfare_vet_on_call" boolean;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "welfare_vet_check_weeks" smallint;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "welfare_farrier_weeks" smallint;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "welfare_farrier_on_call" boolean;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "welfare_weight_policy" text;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "welfare_retirement" text;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "welfare_retirement_note" text;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "welfare_rest_days_per_week" smallint;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "welfare_max_work_hours" real;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "welfare_turnout" text;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "welfare_vet_on_call" boolean;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "welfare_vet_check_weeks" smallint;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "welfare_farrier_weeks" smallint;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "welfare_farrier_on_call" boolean;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "welfare_weight_policy" text;--> statement-breakpoint
ALTER TABLE "organizers" ADD CONSTRAINT "organizers_welfare_stated_whole" CHECK (num_nulls("organizers"."welfare_rest_days_per_week", "organizers"."welfare_max_work_hours", "organizers"."welfare_turnout", "organizers"."welfare_vet_on_call", "organizers"."welfare_farrier_on_call", "organizers"."welfare_retirement") in (0, 6));--> statement-breakpoint
ALTER TABLE "organizers" ADD CONSTRAINT "organizers_welfare_rest_days" CHECK ("organizers"."welfare_rest_days_per_week" between 0 and 7);--> statement-breakpoint
ALTER TABLE "organizers" ADD CONSTRAINT "organizers_welfare_work_hours" CHECK ("organizers"."welfare_max_work_hours" between 1 and 12);--> statement-breakpoint
ALTER TABLE "organizers" ADD CONSTRAINT "organizers_welfare_vet_weeks" CHECK ("organizers"."welfare_vet_check_weeks" between 1 and 52);--> statement-breakpoint
ALTER TABLE "organizers" ADD CONSTRAINT "organizers_welfare_farrier_weeks" CHECK ("organizers"."welfare_farrier_weeks" between 1 and 26);--> statement-breakpoint
ALTER TABLE "organizers" ADD CONSTRAINT "organizers_welfare_farrier_stated" CHECK ("organizers"."welfare_farrier_on_call" is null or "organizers"."welfare_farrier_on_call" or "organizers"."welfare_farrier_weeks" is not null);--> statement-breakpoint
ALTER TABLE "organizers" ADD CONSTRAINT "organizers_welfare_texts" CHECK (length("organizers"."welfare_weight_policy") <= 1000 and length("organizers"."welfare_retirement_note") <= 1000);--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_welfare_rest_days" CHECK ("tours"."welfare_rest_days_per_week" between 0 and 7);--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_welfare_work_hours" CHECK ("tours"."welfare_max_work_hours" between 1 and 12);--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_welfare_vet_weeks" CHECK ("tours"."welfare_vet_check_weeks" between 1 and 52);--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_welfare_farrier_weeks" CHECK ("tours"."welfare_farrier_weeks" between 1 and 26);--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_welfare_weight_policy" CHECK (length("tours"."welfare_weight_policy") <= 1000);