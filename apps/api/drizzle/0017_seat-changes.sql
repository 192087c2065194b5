CREATE TABLE "tour_seat_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tour_seat_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tour_id" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tour_seat_changes_changed_at" ON "tour_seat_changes" USING btree ("changed_at");--> statement-breakpoint
-- Decision 083: a booking (or anything else) that changes a date's free seats or busy flag logs its
-- tour, so every API process forgets that tour's kept search card within about a second.
CREATE FUNCTION "log_tour_seat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "tour_seat_changes" ("tour_id", "changed_at") VALUES (NEW."tour_id", clock_timestamp());
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tour_dates_seat_change" AFTER UPDATE OF "number_of_free_seats", "is_busy" ON "tour_dates"
	FOR EACH ROW
	WHEN (OLD."number_of_free_seats" IS DISTINCT FROM NEW."number_of_free_seats" OR OLD."is_busy" IS DISTINCT FROM NEW."is_busy")
	EXECUTE FUNCTION "log_tour_seat_change"();
