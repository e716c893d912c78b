ALTER TABLE "withdrawals" ALTER COLUMN "received" SET DATA TYPE numeric(38, 18);--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "usd_price" SET DATA TYPE numeric(38, 18);--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "similar_deposit_id" bigint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "similar_distance" smallint;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "content_sha256" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "phash" text;--> statement-breakpoint
ALTER TABLE "withdraw_currencies" ADD COLUMN "precision" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdraw_currencies" ADD COLUMN "rate_instrument" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "rate_source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "rate_quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "rate_margin_pct" numeric(12, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "deposits_proof_idx" ON "deposits" USING btree ("proof_upload_id");--> statement-breakpoint
CREATE INDEX "uploads_content_sha256_idx" ON "uploads" USING btree ("content_sha256");--> statement-breakpoint
ALTER TABLE "withdraw_currencies" ADD CONSTRAINT "withdraw_currencies_precision" CHECK ("withdraw_currencies"."precision" between 0 and 18);--> statement-breakpoint
-- ==== Hand-written (issue 22, items 8 and 9): data update drizzle-kit cannot express. ====
-- Existing installs: each seeded payout currency gets its smallest unit and, where the platform
-- quotes it, the instrument that prices it live. Currencies staff added keep 2 decimals and their
-- staff-set rate until staff change them.
UPDATE "withdraw_currencies" SET "precision" = 8, "rate_instrument" = 'BTCUSD' WHERE "code" = 'BTC';--> statement-breakpoint
UPDATE "withdraw_currencies" SET "precision" = 18, "rate_instrument" = 'ETHUSD' WHERE "code" = 'ETH';--> statement-breakpoint
UPDATE "withdraw_currencies" SET "precision" = 6 WHERE "code" = 'USDT';--> statement-breakpoint
UPDATE "withdraw_currencies" SET "rate_instrument" = 'EURUSD' WHERE "code" = 'EUR' AND "type" = 2;--> statement-breakpoint
UPDATE "withdraw_currencies" SET "rate_instrument" = 'USDHKD' WHERE "code" = 'HKD' AND "type" = 2;
