ALTER TABLE "deposits" ADD COLUMN "first_approved_by" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "second_approved_by" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "second_approved_by" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_first_approved_by_staff_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_second_approved_by_staff_id_fk" FOREIGN KEY ("second_approved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_staff_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_second_approved_by_staff_id_fk" FOREIGN KEY ("second_approved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_four_eyes" CHECK ("deposits"."second_approved_by" is null or ("deposits"."first_approved_by" is not null and "deposits"."second_approved_by" <> "deposits"."first_approved_by"));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_four_eyes" CHECK ("withdrawals"."second_approved_by" is null or ("withdrawals"."first_approved_by" is not null and "withdrawals"."second_approved_by" <> "withdrawals"."first_approved_by"));