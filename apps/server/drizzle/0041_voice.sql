CREATE TABLE "voice_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"secret" varchar(64) NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_settings_single_row" CHECK ("voice_settings"."id" = 1)
);
