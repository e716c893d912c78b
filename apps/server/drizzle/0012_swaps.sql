ALTER TABLE "instruments" ADD COLUMN "swap_long" numeric(12, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "swap_short" numeric(12, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "swap_mode" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "swap_triple_day" smallint;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "rollover_minute" smallint DEFAULT 1320 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "swap" numeric(24, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "swap_through" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_swap" CHECK ("instruments"."swap_mode" in (1, 2) and "instruments"."rollover_minute" between 0 and 1439 and ("instruments"."swap_triple_day" is null or "instruments"."swap_triple_day" between 0 and 6));--> statement-breakpoint
-- Positions open before swaps existed pay from the first rollover after this change, not for past nights.
UPDATE "orders" SET "swap_through" = now() WHERE "status" = 1;
