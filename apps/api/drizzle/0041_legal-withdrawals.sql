-- Decision 169. `legal withdraw KIND` takes a legal document off the site and keeps its versions:
-- the versions it withdrew are marked, and the site shows only the versions not withdrawn.
ALTER TABLE "legal_documents" ADD COLUMN "withdrawn_at" timestamp with time zone;