CREATE TABLE "failed_inbound_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "failed_inbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"source_hash" varchar(64) NOT NULL,
	"source_path" varchar(300) NOT NULL,
	"size" integer NOT NULL,
	"reason" varchar(20) NOT NULL,
	"detail" varchar(1000),
	"sender" varchar(254),
	"subject" varchar(500),
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "failed_inbound_messages" ADD CONSTRAINT "failed_inbound_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "failed_inbound_messages_source_idx" ON "failed_inbound_messages" USING btree ("channel_id","source_hash");--> statement-breakpoint
CREATE INDEX "failed_inbound_messages_list_idx" ON "failed_inbound_messages" USING btree ("channel_id","created_at");