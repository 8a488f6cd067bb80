CREATE TABLE "agent_states" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"status" char(1) DEFAULT 'D' NOT NULL,
	"pause_reason" varchar(40),
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_id" bigint,
	"ticket_id" bigint,
	"last_assigned_at" timestamp with time zone,
	"assigned_today" integer DEFAULT 0 NOT NULL,
	"assigned_day" date
);
--> statement-breakpoint
CREATE TABLE "agent_status_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_status_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"status" varchar(40) NOT NULL,
	"previous_status" varchar(40),
	"duration_seconds" integer NOT NULL,
	"ticket_id" bigint,
	"campaign_id" bigint,
	"forced_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_routing" (
	"campaign_id" bigint PRIMARY KEY NOT NULL,
	"last_user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "interactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"contact_value" varchar(254) NOT NULL,
	"thread_key" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"interaction_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"direction" smallint NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"sender_name" varchar(200),
	"provider_message_id" varchar(300),
	"delivery_status" smallint,
	"delivery_error" text,
	"author_id" bigint,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internal_chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internal_chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chat_id" varchar(41) NOT NULL,
	"source_id" bigint NOT NULL,
	"destination_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "realtime_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "realtime_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"room" varchar(120) NOT NULL,
	"event" varchar(80) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_message_preview" varchar(300);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_message_direction" smallint;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_message_sender" varchar(200);--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_status_log" ADD CONSTRAINT "agent_status_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_status_log" ADD CONSTRAINT "agent_status_log_forced_by_users_id_fk" FOREIGN KEY ("forced_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_routing" ADD CONSTRAINT "campaign_routing_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_chat_messages" ADD CONSTRAINT "internal_chat_messages_source_id_users_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_chat_messages" ADD CONSTRAINT "internal_chat_messages_destination_id_users_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_states_status_idx" ON "agent_states" USING btree ("status");--> statement-breakpoint
CREATE INDEX "agent_status_log_user_idx" ON "agent_status_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "interactions_ticket_idx" ON "interactions" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "interactions_channel_contact_idx" ON "interactions" USING btree ("channel_id","contact_value","last_message_at");--> statement-breakpoint
CREATE INDEX "interactions_thread_idx" ON "interactions" USING btree ("channel_id","thread_key") WHERE "interactions"."thread_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_unique" ON "messages" USING btree ("channel_id","provider_message_id") WHERE "messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_ticket_idx" ON "messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_interaction_idx" ON "messages" USING btree ("interaction_id","created_at");--> statement-breakpoint
CREATE INDEX "internal_chat_chat_idx" ON "internal_chat_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE INDEX "internal_chat_unread_idx" ON "internal_chat_messages" USING btree ("destination_id","source_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "realtime_events_room_idx" ON "realtime_events" USING btree ("room","id");--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_pending_idx" ON "tickets" USING btree ("campaign_id","created_at") WHERE "tickets"."status" <> 4;