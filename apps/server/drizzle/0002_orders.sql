CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"lots" numeric(12, 4) NOT NULL,
	"leverage" integer NOT NULL,
	"status" smallint NOT NULL,
	"origin_price" numeric(24, 10) NOT NULL,
	"price" numeric(24, 10) DEFAULT '0' NOT NULL,
	"close_price" numeric(24, 10) DEFAULT '0' NOT NULL,
	"margin" numeric(24, 6) DEFAULT '0' NOT NULL,
	"fee" numeric(24, 6) DEFAULT '0' NOT NULL,
	"profit" numeric(24, 6) DEFAULT '0' NOT NULL,
	"stop_loss" numeric(24, 10) DEFAULT '0' NOT NULL,
	"take_profit" numeric(24, 10) DEFAULT '0' NOT NULL,
	"stops_version" integer DEFAULT 0 NOT NULL,
	"entry_rises" boolean DEFAULT false NOT NULL,
	"closed_type" smallint DEFAULT 0 NOT NULL,
	"placed_at" timestamp (3) with time zone NOT NULL,
	"opened_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone,
	CONSTRAINT "orders_side" CHECK ("orders"."side" in (1, 2)),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in (0, 1, 3, 4)),
	CONSTRAINT "orders_lots_positive" CHECK ("orders"."lots" > 0),
	CONSTRAINT "orders_amounts" CHECK ("orders"."margin" >= 0 and "orders"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_live_idx" ON "orders" USING btree ("status") WHERE "orders"."status" in (0, 1);