-- Existing instruments keep their hours in UTC (time_zone UTC): staff choose a zone in the back office.
CREATE TABLE "market_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"instrument_id" integer,
	"category_id" integer,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "market_holidays_day" UNIQUE NULLS NOT DISTINCT("date","instrument_id","category_id"),
	CONSTRAINT "market_holidays_scope" CHECK ("market_holidays"."instrument_id" is null or "market_holidays"."category_id" is null)
);
--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "stops_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "freeze_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "max_net_lots" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "max_account_lots" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "market_holidays" ADD CONSTRAINT "market_holidays_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_holidays" ADD CONSTRAINT "market_holidays_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_protection" CHECK ("instruments"."stops_level" between 0 and 1000000 and "instruments"."freeze_level" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_limits" CHECK (("instruments"."max_net_lots" is null or "instruments"."max_net_lots" > 0) and ("instruments"."max_account_lots" is null or "instruments"."max_account_lots" > 0));