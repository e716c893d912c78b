CREATE TABLE "deposit_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_currency_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"bank_address" text DEFAULT '' NOT NULL,
	"bank_swift" text DEFAULT '' NOT NULL,
	"payee_name" text NOT NULL,
	"payee_account" text NOT NULL,
	"bank_remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_bank_currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deposit_bank_currencies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "deposit_coin_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_code" text NOT NULL,
	"protocol_code" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"coin_channel_id" integer,
	"bank_account_id" integer,
	"currency_code" text NOT NULL,
	"amount" numeric(24, 6) NOT NULL,
	"proof_upload_id" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_type" CHECK ("deposits"."type" in (0, 1)),
	CONSTRAINT "deposits_status" CHECK ("deposits"."status" in (0, 1, 2, 3)),
	CONSTRAINT "deposits_amount" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"withdraw_currency_id" integer NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_address" text DEFAULT '' NOT NULL,
	"bank_swift" text DEFAULT '' NOT NULL,
	"payee_name" text DEFAULT '' NOT NULL,
	"payee_account" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_type" CHECK ("payout_methods"."type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"code" text NOT NULL,
	"protocol" text DEFAULT '' NOT NULL,
	"fee_type" smallint NOT NULL,
	"draw_rate" numeric(12, 6) NOT NULL,
	"usd_price" numeric(24, 10) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "withdraw_currencies_type" CHECK ("withdraw_currencies"."type" in (1, 2)),
	CONSTRAINT "withdraw_currencies_rate" CHECK ("withdraw_currencies"."draw_rate" >= 0 and "withdraw_currencies"."usd_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"withdraw_currency_id" integer NOT NULL,
	"payout_method_id" integer NOT NULL,
	"amount" numeric(24, 6) NOT NULL,
	"fee" numeric(24, 6) NOT NULL,
	"received" numeric(24, 6) NOT NULL,
	"usd_price" numeric(24, 10) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in (0, 1, 2)),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."received" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "frozen_amount" numeric(24, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "frozen_after" numeric(24, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contract_size" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "margin_mode" smallint;--> statement-breakpoint
UPDATE "orders" SET "contract_size" = "instruments"."contract_size", "margin_mode" = "instruments"."margin_mode" FROM "instruments" WHERE "instruments"."id" = "orders"."instrument_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "contract_size" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "margin_mode" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_bank_accounts" ADD CONSTRAINT "deposit_bank_accounts_bank_currency_id_deposit_bank_currencies_id_fk" FOREIGN KEY ("bank_currency_id") REFERENCES "public"."deposit_bank_currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_coin_channel_id_deposit_coin_channels_id_fk" FOREIGN KEY ("coin_channel_id") REFERENCES "public"."deposit_coin_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_bank_account_id_deposit_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."deposit_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_proof_upload_id_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_withdraw_currency_id_withdraw_currencies_id_fk" FOREIGN KEY ("withdraw_currency_id") REFERENCES "public"."withdraw_currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_withdraw_currency_id_withdraw_currencies_id_fk" FOREIGN KEY ("withdraw_currency_id") REFERENCES "public"."withdraw_currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payout_methods_user_idx" ON "payout_methods" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");