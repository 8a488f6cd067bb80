CREATE TABLE "sla_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sla_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rule_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"metric" varchar(20) NOT NULL,
	"breached_at" timestamp with time zone NOT NULL,
	"first_response_seconds" integer,
	"customer_waiting_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sla_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"description" text,
	"campaign_id" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"business_hours" boolean DEFAULT false NOT NULL,
	"conditions" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_sla" (
	"ticket_id" bigint PRIMARY KEY NOT NULL,
	"rule_id" bigint NOT NULL,
	"first_response_due" timestamp with time zone,
	"next_response_due" timestamp with time zone,
	"resolution_due" timestamp with time zone,
	"waiting_since" timestamp with time zone,
	"warned" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recorded" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"breached" boolean DEFAULT false NOT NULL,
	"next_check_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sla_records" ADD CONSTRAINT "sla_records_rule_id_sla_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sla_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_records" ADD CONSTRAINT "sla_records_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_rules" ADD CONSTRAINT "sla_rules_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_rules" ADD CONSTRAINT "sla_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_sla" ADD CONSTRAINT "ticket_sla_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_sla" ADD CONSTRAINT "ticket_sla_rule_id_sla_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sla_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sla_records_once" ON "sla_records" USING btree ("ticket_id","metric","breached_at");--> statement-breakpoint
CREATE INDEX "sla_records_rule_idx" ON "sla_records" USING btree ("rule_id","id");--> statement-breakpoint
CREATE INDEX "sla_records_breached_idx" ON "sla_records" USING btree ("breached_at");--> statement-breakpoint
CREATE INDEX "sla_rules_campaign_idx" ON "sla_rules" USING btree ("campaign_id") WHERE "sla_rules"."enabled";--> statement-breakpoint
CREATE INDEX "ticket_sla_check_idx" ON "ticket_sla" USING btree ("next_check_at") WHERE "ticket_sla"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "ticket_sla_rule_idx" ON "ticket_sla" USING btree ("rule_id");