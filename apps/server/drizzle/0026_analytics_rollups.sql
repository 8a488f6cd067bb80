CREATE TABLE "analytics_campaign_daily" (
	"campaign_id" bigint NOT NULL,
	"day" date NOT NULL,
	"projection" varchar(8) NOT NULL,
	"metric" varchar(40) NOT NULL,
	"key_id" bigint DEFAULT 0 NOT NULL,
	"dimension" varchar(80) DEFAULT '' NOT NULL,
	"count" bigint NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_campaign_daily_campaign_id_day_projection_metric_key_id_dimension_pk" PRIMARY KEY("campaign_id","day","projection","metric","key_id","dimension")
);
--> statement-breakpoint
CREATE TABLE "analytics_campaign_monthly" (
	"campaign_id" bigint NOT NULL,
	"month" date NOT NULL,
	"projection" varchar(8) NOT NULL,
	"metric" varchar(40) NOT NULL,
	"key_id" bigint DEFAULT 0 NOT NULL,
	"dimension" varchar(80) DEFAULT '' NOT NULL,
	"count" bigint NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_campaign_monthly_campaign_id_month_projection_metric_key_id_dimension_pk" PRIMARY KEY("campaign_id","month","projection","metric","key_id","dimension")
);
--> statement-breakpoint
CREATE TABLE "analytics_monthly" (
	"campaign_id" bigint NOT NULL,
	"month" date NOT NULL,
	"metric" varchar(40) NOT NULL,
	"user_id" bigint DEFAULT 0 NOT NULL,
	"channel_id" bigint DEFAULT 0 NOT NULL,
	"dimension" varchar(80) DEFAULT '' NOT NULL,
	"count" bigint NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_monthly_campaign_id_month_metric_user_id_channel_id_dimension_pk" PRIMARY KEY("campaign_id","month","metric","user_id","channel_id","dimension")
);
--> statement-breakpoint
CREATE INDEX "analytics_monthly_user_idx" ON "analytics_monthly" USING btree ("user_id","month");
--> statement-breakpoint
-- The projections of the days that exist (modules/analytics/analytics.repo.ts campaignProjection, over every day).
INSERT INTO "analytics_campaign_daily" ("campaign_id", "day", "projection", "metric", "key_id", "dimension", "count", "total")
SELECT campaign_id, day,
  CASE WHEN grouping(user_id) = 0 THEN 'user' WHEN grouping(channel_id) = 0 THEN 'channel' ELSE 'campaign' END,
  metric,
  CASE WHEN grouping(user_id) = 0 THEN user_id WHEN grouping(channel_id) = 0 THEN channel_id ELSE 0 END,
  coalesce(dimension, ''), sum(count), sum(total)
FROM analytics_daily
WHERE metric NOT LIKE '%\_by\_hour'
GROUP BY campaign_id, day, metric, GROUPING SETS ((dimension), (user_id), (channel_id, dimension))
UNION ALL
SELECT campaign_id, day, 'hour', replace(metric, '_by_hour', ''), 0, dimension, sum(count), 0
FROM analytics_daily
WHERE metric LIKE '%\_by\_hour'
GROUP BY campaign_id, day, metric, dimension;
--> statement-breakpoint
INSERT INTO "analytics_campaign_monthly" ("campaign_id", "month", "projection", "metric", "key_id", "dimension", "count", "total")
SELECT campaign_id, date_trunc('month', day)::date, projection, metric, key_id, dimension, sum(count), sum(total)
FROM analytics_campaign_daily
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- The months of every agent's days (kept by differences from then on).
INSERT INTO "analytics_monthly" ("campaign_id", "month", "metric", "user_id", "channel_id", "dimension", "count", "total")
SELECT campaign_id, date_trunc('month', day)::date, metric, user_id, channel_id, dimension, sum(count), sum(total)
FROM analytics_daily
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
ANALYZE "analytics_monthly", "analytics_campaign_daily", "analytics_campaign_monthly";
