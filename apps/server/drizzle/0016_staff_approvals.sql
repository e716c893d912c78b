CREATE TABLE "staff_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "staff_approvals_status" CHECK ("staff_approvals"."status" in ('waiting', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "staff_approvals_four_eyes" CHECK ("staff_approvals"."decided_by" is null or "staff_approvals"."decided_by" <> "staff_approvals"."requested_by")
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_approvals" ADD CONSTRAINT "staff_approvals_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approvals" ADD CONSTRAINT "staff_approvals_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_approvals_status_idx" ON "staff_approvals" USING btree ("status","id");