CREATE TABLE "copy_leaders" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"profit_share_percent" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copy_leaders_share" CHECK ("copy_leaders"."profit_share_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "copy_skips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"follow_id" bigint NOT NULL,
	"follower_id" integer NOT NULL,
	"leader_order_id" bigint NOT NULL,
	"instrument_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" bigint PRIMARY KEY NOT NULL,
	"follower_id" integer NOT NULL,
	"leader_id" integer NOT NULL,
	"allocation" numeric(24, 6) NOT NULL,
	"copy_stop_loss_percent" smallint DEFAULT 0 NOT NULL,
	"profit_share_percent" smallint DEFAULT 0 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"realized" numeric(24, 6) DEFAULT '0' NOT NULL,
	"high_water" numeric(24, 6) DEFAULT '0' NOT NULL,
	"share_paid" numeric(24, 6) DEFAULT '0' NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"end_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."leader_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "copy_of" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "follow_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "copy_leaders" ADD CONSTRAINT "copy_leaders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_skips" ADD CONSTRAINT "copy_skips_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_skips" ADD CONSTRAINT "copy_skips_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "copy_skips_follow_idx" ON "copy_skips" USING btree ("follow_id","id");--> statement-breakpoint
CREATE INDEX "copy_skips_follower_idx" ON "copy_skips" USING btree ("follower_id","id");--> statement-breakpoint
CREATE INDEX "follows_follower_idx" ON "follows" USING btree ("follower_id","id");--> statement-breakpoint
CREATE INDEX "follows_leader_idx" ON "follows" USING btree ("leader_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_running_pair" ON "follows" USING btree ("follower_id","leader_id") WHERE "follows"."ended_at" is null;