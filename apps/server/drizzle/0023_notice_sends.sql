CREATE TABLE "notice_prefs" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "notice_prefs_user_id_kind_channel_pk" PRIMARY KEY("user_id","kind","channel")
);
--> statement-breakpoint
CREATE TABLE "notice_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notice_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"subscription_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_sends_target_key" UNIQUE NULLS NOT DISTINCT("notice_id","channel","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
-- Notices written before there were other channels stay in the inbox only: none is pushed or mailed late.
UPDATE "notices" SET "dispatched_at" = "created_at";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'hk' NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_prefs" ADD CONSTRAINT "notice_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_sends" ADD CONSTRAINT "notice_sends_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_sends" ADD CONSTRAINT "notice_sends_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_sends_due_idx" ON "notice_sends" USING btree ("next_at") WHERE "notice_sends"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notices_undispatched_idx" ON "notices" USING btree ("id") WHERE "notices"."dispatched_at" is null;