CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"demo_account" boolean NOT NULL,
	"category" text NOT NULL,
	"text" text NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"screen" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"handled_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_category" CHECK ("feedback"."category" in ('bug', 'idea', 'trading', 'money', 'other')),
	CONSTRAINT "feedback_status" CHECK ("feedback"."status" in ('new', 'read', 'answered', 'closed')),
	CONSTRAINT "feedback_answered_has_answer" CHECK ("feedback"."status" <> 'answered' or "feedback"."answer" <> '')
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_handled_by_staff_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "feedback_user_time_idx" ON "feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status","id");