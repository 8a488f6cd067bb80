CREATE TABLE "whatsapp_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"name" varchar(512) NOT NULL,
	"language" varchar(10) NOT NULL,
	"category" varchar(20) NOT NULL,
	"header_type" varchar(10) NOT NULL,
	"header_text" varchar(60),
	"body" text NOT NULL,
	"footer" varchar(60),
	"examples" jsonb NOT NULL,
	"buttons_type" varchar(20) NOT NULL,
	"buttons" jsonb NOT NULL,
	"status" varchar(10) NOT NULL,
	"rejection_reason" text,
	"provider_template_id" varchar(100),
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "outbound_payload" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_name_unique" ON "whatsapp_templates" USING btree ("channel_id","name","language");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_created_idx" ON "whatsapp_templates" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_channel_status_idx" ON "whatsapp_templates" USING btree ("channel_id","status","name");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_provider_idx" ON "whatsapp_templates" USING btree ("provider_template_id");