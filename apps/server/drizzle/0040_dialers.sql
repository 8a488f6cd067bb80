CREATE TABLE "dialer_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dialer_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dialer_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"phone" varchar(16) NOT NULL,
	"status" varchar(10) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_outcome" varchar(10),
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dialer_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dialer_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dialer_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"outcome" varchar(10),
	"agent_id" bigint,
	"duration_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "dialers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dialers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"label" varchar(120) NOT NULL,
	"type" varchar(20) NOT NULL,
	"channels" integer NOT NULL,
	"parallels" integer NOT NULL,
	"tries" integer NOT NULL,
	"rings" integer NOT NULL,
	"extension" varchar(20),
	"audio_path" varchar(300),
	"audio_filename" varchar(255),
	"audio_content_type" varchar(40),
	"audio_size" integer,
	"send_to_queue" boolean DEFAULT false NOT NULL,
	"accounts" jsonb NOT NULL,
	"status" varchar(20) NOT NULL,
	"problem" varchar(120),
	"accounts_total" integer DEFAULT 0 NOT NULL,
	"accounts_new" integer DEFAULT 0 NOT NULL,
	"accounts_executed" integer DEFAULT 0 NOT NULL,
	"accounts_success" integer DEFAULT 0 NOT NULL,
	"accounts_failed" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dialer_accounts" ADD CONSTRAINT "dialer_accounts_dialer_id_dialers_id_fk" FOREIGN KEY ("dialer_id") REFERENCES "public"."dialers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_accounts" ADD CONSTRAINT "dialer_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_attempts" ADD CONSTRAINT "dialer_attempts_dialer_id_dialers_id_fk" FOREIGN KEY ("dialer_id") REFERENCES "public"."dialers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_attempts" ADD CONSTRAINT "dialer_attempts_account_id_dialer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."dialer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_attempts" ADD CONSTRAINT "dialer_attempts_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialers" ADD CONSTRAINT "dialers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialers" ADD CONSTRAINT "dialers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dialer_accounts_phone_unique" ON "dialer_accounts" USING btree ("dialer_id","phone");--> statement-breakpoint
CREATE INDEX "dialer_accounts_status_idx" ON "dialer_accounts" USING btree ("dialer_id","status","id");--> statement-breakpoint
CREATE INDEX "dialer_accounts_dialer_idx" ON "dialer_accounts" USING btree ("dialer_id","id");--> statement-breakpoint
CREATE INDEX "dialer_accounts_due_idx" ON "dialer_accounts" USING btree ("dialer_id","next_attempt_at") WHERE "dialer_accounts"."status" = 'new';--> statement-breakpoint
CREATE INDEX "dialer_attempts_dialer_idx" ON "dialer_attempts" USING btree ("dialer_id","started_at");--> statement-breakpoint
CREATE INDEX "dialer_attempts_account_idx" ON "dialer_attempts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "dialers_campaign_idx" ON "dialers" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "dialers_status_idx" ON "dialers" USING btree ("status","id");