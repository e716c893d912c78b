CREATE TABLE "appropriateness_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appropriateness_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"pass_score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appropriateness_versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "appropriateness_results" ADD CONSTRAINT "appropriateness_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appropriateness_results" ADD CONSTRAINT "appropriateness_results_version_id_appropriateness_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."appropriateness_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appropriateness_results_user_idx" ON "appropriateness_results" USING btree ("user_id","id");