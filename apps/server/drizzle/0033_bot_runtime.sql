CREATE TABLE "bot_channels" (
	"channel_id" bigint PRIMARY KEY NOT NULL,
	"bot_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bot_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" bigint NOT NULL,
	"interaction_id" bigint NOT NULL,
	"bot_id" bigint NOT NULL,
	"version_id" bigint NOT NULL,
	"state" jsonb,
	"last_message_id" bigint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"ending" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "tickets_waiting_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bot_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_channels" ADD CONSTRAINT "bot_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_channels" ADD CONSTRAINT "bot_channels_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_sessions" ADD CONSTRAINT "bot_sessions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_sessions" ADD CONSTRAINT "bot_sessions_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_channels_bot_idx" ON "bot_channels" USING btree ("bot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_sessions_active_unique" ON "bot_sessions" USING btree ("ticket_id") WHERE "bot_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "bot_sessions_ticket_idx" ON "bot_sessions" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "tickets_waiting_idx" ON "tickets" USING btree ("campaign_id","priority" DESC NULLS LAST,"created_at","id") WHERE "tickets"."status" <> 4 and "tickets"."assigned_user_id" is null and "tickets"."transfer_to_user_id" is null and "tickets"."transfer_to_campaign_id" is null and not "tickets"."bot_active";