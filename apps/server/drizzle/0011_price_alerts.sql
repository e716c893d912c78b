CREATE TABLE "price_alerts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"above" boolean NOT NULL,
	"price" numeric(24, 10) NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"fired_at" timestamp (3) with time zone,
	"fired_bid" numeric(24, 10),
	"removed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "price_alerts_active_idx" ON "price_alerts" USING btree ("id") WHERE "price_alerts"."fired_at" is null and "price_alerts"."removed_at" is null;