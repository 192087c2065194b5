-- Decision 148. A not-guaranteed date can be called off as a whole: by its organizer ("Cancel this
-- date"), or by the booking job once its decision day passed without a guarantee. The moment is
-- kept so such a date never takes a booking again; the job finds undecided dates by their day.
ALTER TABLE "tour_dates" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tour_dates_undecided_idx" ON "tour_dates" USING btree ("decision_date") WHERE not_guaranteed and cancelled_at is null and decision_date is not null;