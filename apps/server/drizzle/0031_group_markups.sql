CREATE TABLE "group_markups" (
	"instrument_id" integer NOT NULL,
	"client_group" text NOT NULL,
	"points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_markups_instrument_id_client_group_pk" PRIMARY KEY("instrument_id","client_group"),
	CONSTRAINT "group_markups_points" CHECK ("group_markups"."points" > 0 and "group_markups"."points" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "group_markups" ADD CONSTRAINT "group_markups_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;