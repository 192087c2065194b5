CREATE TABLE "tour_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tour_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tour_id" integer,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tour_changes_changed_at" ON "tour_changes" USING btree ("changed_at");--> statement-breakpoint
ALTER TABLE "catalog_version" DROP COLUMN "version";--> statement-breakpoint
-- Decision 110: every catalogue change reaches the API processes as the tours it touched. The
-- seat log of decision 083 becomes the log of any change to a tour, its dates, its organizer or
-- its ship; statement triggers with transition tables log each tour once per statement, so a
-- bulk write (a seed, the aggregates refresh) costs one insert, not one per row.
DROP TRIGGER "tour_dates_seat_change" ON "tour_dates";--> statement-breakpoint
DROP FUNCTION "log_tour_seat_change"();--> statement-breakpoint
DROP TABLE "tour_seat_changes" CASCADE;--> statement-breakpoint
CREATE FUNCTION "log_tour_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "tour_changes" ("tour_id", "changed_at")
		SELECT "id", clock_timestamp() FROM "changed_rows";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "log_tour_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "tour_changes" ("tour_id", "changed_at")
		SELECT "new_rows"."id", clock_timestamp()
		FROM "new_rows" JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id"
		WHERE "old_rows" IS DISTINCT FROM "new_rows";
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Distinct tours first: clock_timestamp() differs row by row, so it cannot be in the DISTINCT.
CREATE FUNCTION "log_tour_date_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "tour_changes" ("tour_id", "changed_at")
		SELECT "tour_id", clock_timestamp() FROM (SELECT DISTINCT "tour_id" FROM "changed_rows") "changed";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "log_tour_date_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "tour_changes" ("tour_id", "changed_at")
		SELECT "tour_id", clock_timestamp() FROM (
			SELECT "new_rows"."tour_id" FROM "new_rows" JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id"
			WHERE "old_rows" IS DISTINCT FROM "new_rows"
			UNION SELECT "old_rows"."tour_id" FROM "new_rows" JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id"
			WHERE "old_rows"."tour_id" <> "new_rows"."tour_id"
		) "changed";
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- An organizer's or a ship's row is part of its tours' cards and of whether they are listed.
CREATE FUNCTION "log_organizer_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "tour_changes" ("tour_id", "changed_at")
		SELECT "tours"."id", clock_timestamp() FROM "tours" WHERE "tours"."organizer_id" IN (
			SELECT "new_rows"."id" FROM "new_rows" JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id"
			WHERE "old_rows" IS DISTINCT FROM "new_rows");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "log_ship_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "tour_changes" ("tour_id", "changed_at")
		SELECT "tours"."id", clock_timestamp() FROM "tours" WHERE "tours"."ship_id" IN (
			SELECT "new_rows"."id" FROM "new_rows" JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id"
			WHERE "old_rows" IS DISTINCT FROM "new_rows");
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A truncate lists no rows: a null tour means every tour.
CREATE FUNCTION "log_every_tour"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "tour_changes" ("tour_id", "changed_at") VALUES (NULL, clock_timestamp());
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tours_inserted" AFTER INSERT ON "tours" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_tour_rows"();--> statement-breakpoint
CREATE TRIGGER "tours_deleted" AFTER DELETE ON "tours" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_tour_rows"();--> statement-breakpoint
CREATE TRIGGER "tours_updated" AFTER UPDATE ON "tours" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_tour_updates"();--> statement-breakpoint
CREATE TRIGGER "tours_truncated" AFTER TRUNCATE ON "tours"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_every_tour"();--> statement-breakpoint
CREATE TRIGGER "tour_dates_inserted" AFTER INSERT ON "tour_dates" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_tour_date_rows"();--> statement-breakpoint
CREATE TRIGGER "tour_dates_deleted" AFTER DELETE ON "tour_dates" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_tour_date_rows"();--> statement-breakpoint
CREATE TRIGGER "tour_dates_updated" AFTER UPDATE ON "tour_dates" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_tour_date_updates"();--> statement-breakpoint
CREATE TRIGGER "tour_dates_truncated" AFTER TRUNCATE ON "tour_dates"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_every_tour"();--> statement-breakpoint
CREATE TRIGGER "organizers_updated" AFTER UPDATE ON "organizers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_organizer_updates"();--> statement-breakpoint
CREATE TRIGGER "ships_updated" AFTER UPDATE ON "ships" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_ship_updates"();
