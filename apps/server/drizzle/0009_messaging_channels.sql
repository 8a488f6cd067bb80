CREATE TABLE "message_template_campaigns" (
	"template_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	CONSTRAINT "message_template_campaigns_template_id_campaign_id_pk" PRIMARY KEY("template_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"channel_type" varchar(20),
	"body" text NOT NULL,
	"all_campaigns" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_states" (
	"channel_id" bigint PRIMARY KEY NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "omni_widget_channels" (
	"widget_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "omni_widget_channels_widget_id_channel_id_pk" PRIMARY KEY("widget_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "omni_widgets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "omni_widgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"public_key" varchar(40) NOT NULL,
	"allowed_origin" varchar(300) NOT NULL,
	"style" varchar(10) DEFAULT 'floating' NOT NULL,
	"title" varchar(120),
	"subtitle" varchar(200),
	"position" varchar(12) DEFAULT 'bottom-right' NOT NULL,
	"primary_color" varchar(9) DEFAULT '#d32f2f' NOT NULL,
	"business_image_path" varchar(300),
	"icon_type" varchar(10) DEFAULT 'default' NOT NULL,
	"icon_image_path" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webchat_visitors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webchat_visitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"widget_id" bigint NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"name" varchar(120),
	"email" varchar(254),
	"customer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_template_campaigns" ADD CONSTRAINT "message_template_campaigns_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_campaigns" ADD CONSTRAINT "message_template_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_states" ADD CONSTRAINT "mailbox_states_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omni_widget_channels" ADD CONSTRAINT "omni_widget_channels_widget_id_omni_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."omni_widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omni_widget_channels" ADD CONSTRAINT "omni_widget_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD CONSTRAINT "webchat_visitors_widget_id_omni_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."omni_widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD CONSTRAINT "webchat_visitors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_template_campaigns_campaign_idx" ON "message_template_campaigns" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "message_templates_name_idx" ON "message_templates" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "omni_widgets_public_key_unique" ON "omni_widgets" USING btree ("public_key");--> statement-breakpoint
CREATE UNIQUE INDEX "webchat_visitors_token_unique" ON "webchat_visitors" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "webchat_visitors_public_unique" ON "webchat_visitors" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "webchat_visitors_widget_idx" ON "webchat_visitors" USING btree ("widget_id");