CREATE TABLE "hedge_fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"exec_id" text NOT NULL,
	"lots" numeric(12, 4) NOT NULL,
	"price" numeric(24, 10) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hedge_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cl_ord_id" text NOT NULL,
	"provider" text NOT NULL,
	"instrument_id" integer NOT NULL,
	"contract_size" numeric(18, 4) NOT NULL,
	"mode" text NOT NULL,
	"lots" numeric(12, 4) NOT NULL,
	"filled_lots" numeric(12, 4) DEFAULT '0' NOT NULL,
	"ref_price" numeric(24, 10) NOT NULL,
	"avg_price" numeric(24, 10) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hedge_orders_cl_ord_id_unique" UNIQUE("cl_ord_id"),
	CONSTRAINT "hedge_orders_mode" CHECK ("hedge_orders"."mode" in ('a_book', 'hybrid')),
	CONSTRAINT "hedge_orders_status" CHECK ("hedge_orders"."status" in ('new', 'working', 'filled', 'partial', 'rejected', 'cancelled')),
	CONSTRAINT "hedge_orders_lots" CHECK ("hedge_orders"."lots" <> 0)
);
--> statement-breakpoint
CREATE TABLE "hedge_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"instrument" text,
	"client_group" text,
	"mode" text NOT NULL,
	"threshold_lots" numeric(12, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hedge_rules_mode" CHECK ("hedge_rules"."mode" in ('b_book', 'a_book', 'hybrid')),
	CONSTRAINT "hedge_rules_threshold" CHECK ("hedge_rules"."threshold_lots" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "client_group" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "hedge_fills" ADD CONSTRAINT "hedge_fills_order_id_hedge_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."hedge_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hedge_orders" ADD CONSTRAINT "hedge_orders_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hedge_fills_exec_key" ON "hedge_fills" USING btree ("order_id","exec_id");--> statement-breakpoint
CREATE INDEX "hedge_orders_open_idx" ON "hedge_orders" USING btree ("status") WHERE "hedge_orders"."status" in ('new', 'working');--> statement-breakpoint
CREATE INDEX "hedge_orders_instrument_idx" ON "hedge_orders" USING btree ("instrument_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hedge_rules_scope_key" ON "hedge_rules" USING btree (coalesce("instrument", ''),coalesce("client_group", ''));