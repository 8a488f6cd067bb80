CREATE SEQUENCE "public"."realtime_event_blocks" INCREMENT BY 1000 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- Edited by hand: the first block starts above every id handed out so far (the identity's last value, which rows
-- already pruned may have reached, and max(id)), so a client's last sequence never meets a new event's. Read before
-- DROP IDENTITY drops the identity's sequence; the rows are kept as they are.
SELECT setval('realtime_event_blocks', greatest((SELECT coalesce(max("id"), 0) FROM "realtime_events"), (SELECT last_value FROM "realtime_events_id_seq")) + 1, false);--> statement-breakpoint
-- Replay reads a socket's rooms from a time on. The table holds 15 minutes of events: the rebuild's lock is short.
DROP INDEX "realtime_events_room_idx";--> statement-breakpoint
-- Edited by hand: DROP IDENTITY before SET DEFAULT (an identity column refuses a default).
ALTER TABLE "realtime_events" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "realtime_events" ALTER COLUMN "id" SET DEFAULT nextval('realtime_event_blocks');--> statement-breakpoint
CREATE INDEX "realtime_events_room_idx" ON "realtime_events" USING btree ("room","created_at");
