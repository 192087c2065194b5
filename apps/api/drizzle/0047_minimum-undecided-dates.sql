-- Decision 187. Each minute the booking job looks for undecided dates whose minimum group is
-- reached (`guaranteeReachedDates`): not guaranteed, not called off, with a minimum, not started.
-- Without an index of their own it read every date ahead (39k of 57k on a 10k-tour seed) to
-- count the groups of the few thousand with a minimum; this one holds those alone, by start.
CREATE INDEX "tour_dates_minimum_undecided_idx" ON "tour_dates" USING btree ("start_date") WHERE not_guaranteed and cancelled_at is null and min_riders is not null;