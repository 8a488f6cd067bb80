CREATE TABLE "analytics_daily" (
	"campaign_id" bigint NOT NULL,
	"day" date NOT NULL,
	"metric" varchar(40) NOT NULL,
	"user_id" bigint DEFAULT 0 NOT NULL,
	"channel_id" bigint DEFAULT 0 NOT NULL,
	"dimension" varchar(80) DEFAULT '' NOT NULL,
	"count" bigint NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_campaign_id_day_metric_user_id_channel_id_dimension_pk" PRIMARY KEY("campaign_id","day","metric","user_id","channel_id","dimension")
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_user_idx" ON "analytics_daily" USING btree ("user_id","day");