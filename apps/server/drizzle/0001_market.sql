CREATE TABLE "candles" (
	"instrument_id" integer NOT NULL,
	"period" text NOT NULL,
	"time" bigint NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" integer NOT NULL,
	CONSTRAINT "candles_instrument_id_period_time_pk" PRIMARY KEY("instrument_id","period","time")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"names" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"show_code" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"price_precision" smallint NOT NULL,
	"lot_step" numeric(12, 4) NOT NULL,
	"contract_size" numeric(18, 4) NOT NULL,
	"min_lots" numeric(12, 4) NOT NULL,
	"max_lots" numeric(12, 4) NOT NULL,
	"margin_mode" smallint NOT NULL,
	"fee_rate" numeric(12, 6) NOT NULL,
	"spread_points" integer NOT NULL,
	"quote_currency" text NOT NULL,
	"sessions" jsonb NOT NULL,
	"leverage_class" text NOT NULL,
	"anchor_price" double precision NOT NULL,
	"daily_volatility" double precision NOT NULL,
	"tick_interval_ms" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "instruments_code_unique" UNIQUE("code"),
	CONSTRAINT "instruments_lots" CHECK ("instruments"."lot_step" > 0 and "instruments"."min_lots" > 0 and "instruments"."min_lots" <= "instruments"."max_lots"),
	CONSTRAINT "instruments_precision" CHECK ("instruments"."price_precision" between 0 and 10),
	CONSTRAINT "instruments_spread" CHECK ("instruments"."spread_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "leverage_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"instrument_id" integer NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "leverage_options_positive" CHECK ("leverage_options"."value" >= 1)
);
--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leverage_options" ADD CONSTRAINT "leverage_options_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leverage_options_key" ON "leverage_options" USING btree ("instrument_id","value");