CREATE TABLE "fix_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"sender_seq_num" integer NOT NULL,
	"target_seq_num" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
