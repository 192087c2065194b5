-- drizzle-kit never writes CREATE EXTENSION: trigram search (autocomplete, city search) and
-- earth distances (radius search) need these before any table or index uses them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
