CREATE TABLE "user_session_retired_refresh" (
	"refresh_hash" text PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"retired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_session_retired_refresh" ADD CONSTRAINT "user_session_retired_refresh_session_id_user_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."user_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_session_retired_refresh_session_idx" ON "user_session_retired_refresh" USING btree ("session_id","retired_at");