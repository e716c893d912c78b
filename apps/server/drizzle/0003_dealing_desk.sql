CREATE SEQUENCE "public"."order_ids" INCREMENT BY 1000 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "writer_fence" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "writer_fence_one_row" CHECK ("writer_fence"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_balance_not_negative";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_frozen_within_balance";--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_balance_after_not_negative";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "margin_called" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_frozen_not_negative" CHECK ("accounts"."frozen" >= 0);--> statement-breakpoint
INSERT INTO "writer_fence" ("id", "epoch") VALUES (1, 0);--> statement-breakpoint
SELECT setval('"public"."order_ids"', coalesce((SELECT max("id") FROM "orders"), 0) + 1, false);
