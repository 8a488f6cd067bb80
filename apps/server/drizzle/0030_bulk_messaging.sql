CREATE TABLE "bulk_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"campaign_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"whatsapp_template_id" bigint,
	"template_values" jsonb NOT NULL,
	"subject" varchar(200),
	"message" varchar(4000),
	"active_tickets" boolean NOT NULL,
	"frequency" jsonb NOT NULL,
	"accounts" jsonb NOT NULL,
	"status" varchar(20) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"run" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"problem" varchar(120),
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_recipients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bulk_message_id" bigint NOT NULL,
	"run" integer NOT NULL,
	"channel_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"contact" varchar(254) NOT NULL,
	"status" varchar(10) NOT NULL,
	"provider_message_id" varchar(200),
	"error" varchar(1000),
	"ticket_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_runs" (
	"bulk_message_id" bigint NOT NULL,
	"run" integer NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"new" integer DEFAULT 0 NOT NULL,
	"sending" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_runs_bulk_message_id_run_pk" PRIMARY KEY("bulk_message_id","run")
);
--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "opt_out_words" jsonb DEFAULT '["STOP", "BAJA", "CANCELAR", "UNSUBSCRIBE"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bulk_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_whatsapp_template_id_whatsapp_templates_id_fk" FOREIGN KEY ("whatsapp_template_id") REFERENCES "public"."whatsapp_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_messages" ADD CONSTRAINT "bulk_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_recipients" ADD CONSTRAINT "bulk_recipients_bulk_message_id_bulk_messages_id_fk" FOREIGN KEY ("bulk_message_id") REFERENCES "public"."bulk_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_recipients" ADD CONSTRAINT "bulk_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_runs" ADD CONSTRAINT "bulk_runs_bulk_message_id_bulk_messages_id_fk" FOREIGN KEY ("bulk_message_id") REFERENCES "public"."bulk_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_messages_campaign_idx" ON "bulk_messages" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "bulk_messages_status_idx" ON "bulk_messages" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "bulk_messages_due_idx" ON "bulk_messages" USING btree ("next_run_at") WHERE "bulk_messages"."next_run_at" is not null;--> statement-breakpoint
CREATE INDEX "bulk_messages_channel_running_idx" ON "bulk_messages" USING btree ("channel_id","id") WHERE "bulk_messages"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_recipients_run_customer_unique" ON "bulk_recipients" USING btree ("bulk_message_id","run","customer_id");--> statement-breakpoint
CREATE INDEX "bulk_recipients_run_idx" ON "bulk_recipients" USING btree ("bulk_message_id","run","id");--> statement-breakpoint
CREATE INDEX "bulk_recipients_pending_idx" ON "bulk_recipients" USING btree ("bulk_message_id","run","id") WHERE "bulk_recipients"."status" = 'new';--> statement-breakpoint
CREATE INDEX "bulk_recipients_claimed_idx" ON "bulk_recipients" USING btree ("claimed_at") WHERE "bulk_recipients"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "bulk_recipients_provider_idx" ON "bulk_recipients" USING btree ("channel_id","provider_message_id") WHERE "bulk_recipients"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "bulk_recipients_reply_idx" ON "bulk_recipients" USING btree ("customer_id","channel_id","sent_at");