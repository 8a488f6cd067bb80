CREATE TABLE "catalogue_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"model" varchar(40) NOT NULL,
	"code" varchar(40),
	"name" varchar(120) NOT NULL,
	"abbr" varchar(20),
	"description" varchar(500),
	"enabled" boolean DEFAULT true NOT NULL,
	"parent_id" bigint,
	"color" varchar(7),
	"kanban" boolean,
	"sort_order" integer,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_credentials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" varchar(64) NOT NULL,
	"name" varchar(120) NOT NULL,
	"secret_hash" varchar(200) NOT NULL,
	"role_id" bigint NOT NULL,
	"integration_user_id" bigint NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_skills" (
	"user_id" bigint NOT NULL,
	"skill_id" bigint NOT NULL,
	CONSTRAINT "user_skills_user_id_skill_id_pk" PRIMARY KEY("user_id","skill_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" varchar(20) DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_entries" ADD CONSTRAINT "catalogue_entries_parent_id_catalogue_entries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."catalogue_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_integration_user_id_users_id_fk" FOREIGN KEY ("integration_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_skills" ADD CONSTRAINT "user_skills_skill_id_catalogue_entries_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."catalogue_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_entries_name_unique" ON "catalogue_entries" USING btree ("model",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_entries_code_unique" ON "catalogue_entries" USING btree ("model","code");--> statement-breakpoint
CREATE INDEX "catalogue_entries_model_name_idx" ON "catalogue_entries" USING btree ("model","name");--> statement-breakpoint
CREATE INDEX "catalogue_entries_parent_idx" ON "catalogue_entries" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_credentials_client_unique" ON "api_credentials" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "api_credentials_created_idx" ON "api_credentials" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_skills_skill_idx" ON "user_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");