CREATE TABLE "generated_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generated_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"type" varchar(40) NOT NULL,
	"status" varchar(12) DEFAULT 'created' NOT NULL,
	"config" jsonb NOT NULL,
	"locale" varchar(5) NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"file_path" varchar(300),
	"file_size" bigint,
	"downloaded" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"programmed_id" bigint,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "programmed_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programmed_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"type" varchar(40) NOT NULL,
	"scope" jsonb NOT NULL,
	"periodicity" varchar(10) NOT NULL,
	"weekday" smallint,
	"month_day" smallint,
	"hour" smallint NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locale" varchar(5) DEFAULT 'es' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generated_reports" ADD CONSTRAINT "generated_reports_programmed_id_programmed_reports_id_fk" FOREIGN KEY ("programmed_id") REFERENCES "public"."programmed_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_reports" ADD CONSTRAINT "generated_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmed_reports" ADD CONSTRAINT "programmed_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_reports_owner_idx" ON "generated_reports" USING btree ("created_by","id");--> statement-breakpoint
CREATE INDEX "generated_reports_expiry_idx" ON "generated_reports" USING btree ("expires_at") WHERE "generated_reports"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "programmed_reports_owner_idx" ON "programmed_reports" USING btree ("created_by","id");--> statement-breakpoint
CREATE INDEX "programmed_reports_due_idx" ON "programmed_reports" USING btree ("next_run_at") WHERE "programmed_reports"."enabled";