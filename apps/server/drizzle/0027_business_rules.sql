CREATE TABLE "business_rule_executions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_rule_executions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rule_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"trigger" varchar(30) NOT NULL,
	"event_key" varchar(80) NOT NULL,
	"status" varchar(20) NOT NULL,
	"actions" jsonb NOT NULL,
	"detail" varchar(80),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"description" text,
	"campaign_id" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"kind" varchar(20) NOT NULL,
	"trigger_event" varchar(30),
	"every_minutes" integer,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_rule_executions" ADD CONSTRAINT "business_rule_executions_rule_id_business_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."business_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_rule_executions" ADD CONSTRAINT "business_rule_executions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_rules" ADD CONSTRAINT "business_rules_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_rules" ADD CONSTRAINT "business_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_rule_executions_once" ON "business_rule_executions" USING btree ("rule_id","ticket_id","event_key");--> statement-breakpoint
CREATE INDEX "business_rule_executions_rule_idx" ON "business_rule_executions" USING btree ("rule_id","id");--> statement-breakpoint
CREATE INDEX "business_rule_executions_ticket_idx" ON "business_rule_executions" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "business_rules_trigger_idx" ON "business_rules" USING btree ("campaign_id","trigger_event") WHERE "business_rules"."enabled" and "business_rules"."kind" = 'trigger';--> statement-breakpoint
CREATE INDEX "business_rules_due_idx" ON "business_rules" USING btree ("next_run_at") WHERE "business_rules"."enabled" and "business_rules"."kind" = 'automation';--> statement-breakpoint
CREATE INDEX "business_rules_name_idx" ON "business_rules" USING btree ("name","id");