-- Decision 147. A phone counts as the account's only once confirmed: the unique index covers
-- confirmed numbers only, so an unconfirmed claim blocks nobody (the confirmation drops the other
-- claims, found through users_phone_idx). Codes name the account they were sent for.
DROP INDEX "users_phone_key";--> statement-breakpoint
ALTER TABLE "user_codes" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "user_codes" ADD CONSTRAINT "user_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Codes still usable at the migration keep working: each login had one account until now.
UPDATE "user_codes" SET "user_id" = "users"."id" FROM "users" WHERE "user_codes"."used_at" IS NULL AND "user_codes"."expires_at" > now() AND ("users"."email" = "user_codes"."login" OR "users"."phone" = "user_codes"."login");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone") WHERE phone is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone") WHERE phone is not null and phone_confirmed_at is not null;
