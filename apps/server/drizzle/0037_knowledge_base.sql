CREATE TABLE "kb_article_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kb_article_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"article_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"content_type" varchar(120) NOT NULL,
	"size" integer NOT NULL,
	"stored_path" varchar(300) NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_articles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kb_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"section_id" bigint NOT NULL,
	"title" varchar(200) NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"labels_text" text DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"language" varchar(2) DEFAULT 'es' NOT NULL,
	"slug" varchar(120) NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_articles_status_check" CHECK ("kb_articles"."status" in ('draft', 'published')),
	CONSTRAINT "kb_articles_language_check" CHECK ("kb_articles"."language" in ('es', 'en'))
);
--> statement-breakpoint
CREATE TABLE "kb_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kb_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_public_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"header_title" varchar(120) DEFAULT '' NOT NULL,
	"footer_title" varchar(200) DEFAULT '' NOT NULL,
	"search_title" varchar(120) DEFAULT '' NOT NULL,
	"search_subtitle" varchar(200) DEFAULT '' NOT NULL,
	"primary_color" varchar(7) DEFAULT '#1565c0' NOT NULL,
	"display_logo" boolean DEFAULT true NOT NULL,
	"display_business_info" boolean DEFAULT true NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_sections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kb_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" bigint NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visible_for" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb_article_attachments" ADD CONSTRAINT "kb_article_attachments_article_id_kb_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."kb_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_article_attachments" ADD CONSTRAINT "kb_article_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_section_id_kb_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."kb_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_public_config" ADD CONSTRAINT "kb_public_config_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_sections" ADD CONSTRAINT "kb_sections_category_id_kb_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."kb_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kb_article_attachments_article_idx" ON "kb_article_attachments" USING btree ("article_id","id");--> statement-breakpoint
CREATE INDEX "kb_articles_section_title_idx" ON "kb_articles" USING btree ("section_id","title","id");--> statement-breakpoint
CREATE INDEX "kb_articles_section_updated_idx" ON "kb_articles" USING btree ("section_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "kb_articles_published_idx" ON "kb_articles" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "kb_categories_name_idx" ON "kb_categories" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "kb_sections_category_idx" ON "kb_sections" USING btree ("category_id","name","id");--> statement-breakpoint
CREATE INDEX "kb_sections_visible_for_idx" ON "kb_sections" USING gin ("visible_for");--> statement-breakpoint
-- Edited by hand (drizzle-kit cannot express it; kb.schema.ts says why it is not declared): the article's words
-- for full-text search, folded (lower case, no accents: "atención" and "atencion" are one word) and stemmed in the
-- article's language. Title weighs A, labels B, body C; the search ranks title matches first.
ALTER TABLE "kb_articles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector(CASE WHEN "language" = 'en' THEN 'english'::regconfig ELSE 'spanish'::regconfig END, lower(translate("title", 'áàâäãåéèêëíìîïóòôöõúùûüñçýÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ', 'aaaaaaeeeeiiiiooooouuuuncyAAAAAAEEEEIIIIOOOOOUUUUNCY'))), 'A') ||
  setweight(to_tsvector(CASE WHEN "language" = 'en' THEN 'english'::regconfig ELSE 'spanish'::regconfig END, lower(translate("labels_text", 'áàâäãåéèêëíìîïóòôöõúùûüñçýÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ', 'aaaaaaeeeeiiiiooooouuuuncyAAAAAAEEEEIIIIOOOOOUUUUNCY'))), 'B') ||
  setweight(to_tsvector(CASE WHEN "language" = 'en' THEN 'english'::regconfig ELSE 'spanish'::regconfig END, lower(translate(left("body_text", 200000), 'áàâäãåéèêëíìîïóòôöõúùûüñçýÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ', 'aaaaaaeeeeiiiiooooouuuuncyAAAAAAEEEEIIIIOOOOOUUUUNCY'))), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "kb_articles_search_vector_idx" ON "kb_articles" USING gin ("search_vector");
