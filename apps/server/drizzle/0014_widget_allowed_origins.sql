-- A widget may serve several sites: the one allowed origin becomes the first of a list.
ALTER TABLE "omni_widgets" ADD COLUMN "allowed_origins" text[];--> statement-breakpoint
UPDATE "omni_widgets" SET "allowed_origins" = ARRAY["allowed_origin"::text];--> statement-breakpoint
ALTER TABLE "omni_widgets" ALTER COLUMN "allowed_origins" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "omni_widgets" DROP COLUMN "allowed_origin";
