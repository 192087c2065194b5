-- Wrong guesses at a one-time code are counted per client address (decision 209), so a stranger
-- who knows a login cannot spend the attempts of the code its owner was sent.
CREATE TABLE "user_code_attempts" (
	"code_id" integer NOT NULL,
	"address" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_code_attempts_code_id_address_pk" PRIMARY KEY("code_id","address")
);
--> statement-breakpoint
ALTER TABLE "user_code_attempts" ADD CONSTRAINT "user_code_attempts_code_id_user_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."user_codes"("id") ON DELETE cascade ON UPDATE no action;