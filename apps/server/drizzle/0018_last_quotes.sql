CREATE TABLE "last_quotes" (
	"instrument_id" integer PRIMARY KEY NOT NULL,
	"bid" double precision NOT NULL,
	"ask" double precision NOT NULL,
	"time_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "last_quotes" ADD CONSTRAINT "last_quotes_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;