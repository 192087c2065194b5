CREATE TABLE "catalog_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
-- The first version is the creation time in ms, so a re-created database never repeats one.
INSERT INTO "catalog_version" ("id", "version") VALUES (1, (extract(epoch from clock_timestamp()) * 1000)::bigint) ON CONFLICT DO NOTHING;
