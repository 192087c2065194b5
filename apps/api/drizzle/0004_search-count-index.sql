-- Counting a broad search (all tours, or a type) read the whole covering `tours_search_idx`
-- (~240 MB at 100k tours: it carries every filter array). This narrow index holds only what the
-- unfiltered count tests, so that count reads a few MB instead.
CREATE INDEX IF NOT EXISTS "tours_count_idx" ON "tours" ("type", "is_cruise", "last_start_date") INCLUDE ("from_price_usd") WHERE "is_published";
