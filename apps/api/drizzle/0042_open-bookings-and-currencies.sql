CREATE INDEX "booking_requests_open_idx" ON "booking_requests" USING btree ("status") WHERE status in (1, 2);--> statement-breakpoint
-- Decision 171. A currency's rate cannot be deleted (or its code renamed) while a tour, a date, an
-- individual offer or a booking is priced in it: prices would stand in a currency no rate converts,
-- and search, cards and bookings would fail. The rates command never deletes; this guards SQL by hand.
CREATE FUNCTION "refuse_currency_in_use"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	used_by text;
BEGIN
	IF TG_OP = 'UPDATE' AND OLD."code" = NEW."code" THEN
		RETURN NEW;
	END IF;
	SELECT CASE
		WHEN EXISTS (SELECT 1 FROM "tours" WHERE "currency" = OLD."code") THEN 'tours'
		WHEN EXISTS (SELECT 1 FROM "tour_dates" WHERE "currency" = OLD."code") THEN 'tour dates'
		WHEN EXISTS (SELECT 1 FROM "individual_tours" WHERE "currency" = OLD."code") THEN 'individual tours'
		WHEN EXISTS (SELECT 1 FROM "booking_requests"
			WHERE "currency" = OLD."code" OR "source_currency" = OLD."code") THEN 'bookings'
	END INTO used_by;
	IF used_by IS NOT NULL THEN
		RAISE EXCEPTION 'currency % is used by %: its rate cannot be removed', OLD."code", used_by
			USING ERRCODE = 'foreign_key_violation';
	END IF;
	RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "currency_rates_in_use" BEFORE DELETE OR UPDATE OF "code" ON "currency_rates"
	FOR EACH ROW EXECUTE FUNCTION "refuse_currency_in_use"();
