ALTER TABLE "whatsapp_templates" ALTER COLUMN "category" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "type" varchar(12) DEFAULT 'template' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "media_path" varchar(200);--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "media_filename" varchar(200);--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "media_content_type" varchar(120);--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "media_size" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "media_type" varchar(10);--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "quick_replies" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "interactive_type" varchar(10);--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "reply_buttons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "list_button" varchar(20);--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "sections" jsonb DEFAULT '[]'::jsonb NOT NULL;