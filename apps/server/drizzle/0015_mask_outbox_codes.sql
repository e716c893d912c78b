-- Issue 22, item 1 (data only, not expressible in schema.ts; keep it when migrations are combined):
-- no staff role may read a live verification code. Messages are now stored with the code masked
-- (CODE_MASK in src/messaging/outbox.ts); this masks the codes of rows stored before. The platform's
-- only messages with digits are its code messages, whose code is the one 6-digit number in them.
UPDATE "outbox" SET "body" = regexp_replace("body", '(?<![0-9])[0-9]{6}(?![0-9])', '••••••', 'g') WHERE "body" ~ '(?<![0-9])[0-9]{6}(?![0-9])';
--> statement-breakpoint
UPDATE "outbox" SET "error" = regexp_replace("error", '(?<![0-9])[0-9]{6}(?![0-9])', '••••••', 'g') WHERE "error" ~ '(?<![0-9])[0-9]{6}(?![0-9])';
