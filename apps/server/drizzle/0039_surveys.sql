CREATE TABLE "survey_answers" (
	"response_id" bigint NOT NULL,
	"survey_id" bigint NOT NULL,
	"question_key" varchar(40) NOT NULL,
	"number_value" double precision,
	"text_value" text,
	"options" text[],
	CONSTRAINT "survey_answers_response_id_question_key_pk" PRIMARY KEY("response_id","question_key")
);
--> statement-breakpoint
CREATE TABLE "survey_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"survey_id" bigint NOT NULL,
	"token" varchar(64) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"customer_id" bigint,
	"ticket_id" bigint,
	"campaign_id" bigint,
	"sent_on_close" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_links_kind_check" CHECK ("survey_links"."kind" in ('general', 'personal'))
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"survey_id" bigint NOT NULL,
	"link_id" bigint NOT NULL,
	"participant" varchar(80) NOT NULL,
	"customer_id" bigint,
	"ticket_id" bigint,
	"campaign_id" bigint,
	"source" varchar(8) NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answers" jsonb NOT NULL,
	CONSTRAINT "survey_responses_source_check" CHECK ("survey_responses"."source" in ('general', 'personal'))
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surveys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"confirmation_message" text DEFAULT '' NOT NULL,
	"primary_color" varchar(7) DEFAULT '#1565c0' NOT NULL,
	"display_business_logo" boolean DEFAULT true NOT NULL,
	"business_logo_height" integer DEFAULT 48 NOT NULL,
	"expiration_days" integer DEFAULT 0 NOT NULL,
	"expiration_from" varchar(8) DEFAULT 'link' NOT NULL,
	"response_type" varchar(24) DEFAULT 'unique' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"questions" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_expiration_from_check" CHECK ("surveys"."expiration_from" in ('survey', 'link')),
	CONSTRAINT "surveys_response_type_check" CHECK ("surveys"."response_type" in ('unique', 'multiple', 'multipleReplaceLast'))
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_link_id_survey_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."survey_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_answers_question_idx" ON "survey_answers" USING btree ("survey_id","question_key","number_value");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_links_token_idx" ON "survey_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_links_general_idx" ON "survey_links" USING btree ("survey_id") WHERE "survey_links"."kind" = 'general';--> statement-breakpoint
CREATE UNIQUE INDEX "survey_links_close_idx" ON "survey_links" USING btree ("ticket_id") WHERE "survey_links"."sent_on_close";--> statement-breakpoint
CREATE INDEX "survey_links_survey_created_idx" ON "survey_links" USING btree ("survey_id","created_at","id");--> statement-breakpoint
CREATE INDEX "survey_responses_survey_submitted_idx" ON "survey_responses" USING btree ("survey_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "survey_responses_participant_idx" ON "survey_responses" USING btree ("survey_id","participant","submitted_at");--> statement-breakpoint
CREATE INDEX "survey_responses_link_idx" ON "survey_responses" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "survey_responses_campaign_idx" ON "survey_responses" USING btree ("survey_id","campaign_id","submitted_at");--> statement-breakpoint
CREATE INDEX "surveys_name_idx" ON "surveys" USING btree ("name","id");