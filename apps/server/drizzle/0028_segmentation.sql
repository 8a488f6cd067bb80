CREATE TABLE "segmentation_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segmentation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"segmentation_id" bigint NOT NULL,
	"trigger" varchar(30) NOT NULL,
	"initial_cases" integer NOT NULL,
	"final_cases" integer NOT NULL,
	"moved" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segmentation_segments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segmentation_segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"segmentation_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"destination_campaign_id" bigint NOT NULL,
	"conditions" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segmentations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segmentations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"description" text,
	"base_campaign_id" bigint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"trigger_when" varchar(30),
	"start_time" timestamp with time zone,
	"frequency_hours" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "segmentation_runs" ADD CONSTRAINT "segmentation_runs_segmentation_id_segmentations_id_fk" FOREIGN KEY ("segmentation_id") REFERENCES "public"."segmentations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segmentation_segments" ADD CONSTRAINT "segmentation_segments_segmentation_id_segmentations_id_fk" FOREIGN KEY ("segmentation_id") REFERENCES "public"."segmentations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segmentation_segments" ADD CONSTRAINT "segmentation_segments_destination_campaign_id_campaigns_id_fk" FOREIGN KEY ("destination_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segmentations" ADD CONSTRAINT "segmentations_base_campaign_id_campaigns_id_fk" FOREIGN KEY ("base_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segmentations" ADD CONSTRAINT "segmentations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "segmentation_runs_segmentation_idx" ON "segmentation_runs" USING btree ("segmentation_id","id");--> statement-breakpoint
CREATE INDEX "segmentation_segments_segmentation_idx" ON "segmentation_segments" USING btree ("segmentation_id","position");--> statement-breakpoint
CREATE INDEX "segmentations_trigger_idx" ON "segmentations" USING btree ("base_campaign_id","trigger_when") WHERE "segmentations"."enabled" and "segmentations"."kind" = 'trigger';--> statement-breakpoint
CREATE INDEX "segmentations_due_idx" ON "segmentations" USING btree ("next_run_at") WHERE "segmentations"."enabled" and "segmentations"."kind" = 'automation';