CREATE TABLE "voice_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voice_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"direction" varchar(8) NOT NULL,
	"sip_call_id" varchar(200) NOT NULL,
	"channel_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"customer_number" varchar(64) NOT NULL,
	"channel_number" varchar(64) NOT NULL,
	"status" varchar(12) NOT NULL,
	"user_id" bigint,
	"offers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ended_by" varchar(8),
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"wait_seconds" integer
);
--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_calls_sip_call_idx" ON "voice_calls" USING btree ("sip_call_id");--> statement-breakpoint
CREATE INDEX "voice_calls_ticket_idx" ON "voice_calls" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "voice_calls_message_idx" ON "voice_calls" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "voice_calls_campaign_started_idx" ON "voice_calls" USING btree ("campaign_id","started_at");--> statement-breakpoint
CREATE INDEX "voice_calls_user_started_idx" ON "voice_calls" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "voice_calls_live_idx" ON "voice_calls" USING btree ("status") WHERE "voice_calls"."ended_at" is null;