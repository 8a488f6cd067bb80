DROP INDEX "messages_search_trgm_idx";--> statement-breakpoint
DROP INDEX "tickets_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "search_text";--> statement-breakpoint
-- Edited by hand (drizzle-kit cannot express these; tickets.schema.ts and interactions.schema.ts say why they are
-- not declared): the words of a ticket's search text and of each message, for word-prefix search through GIN.
-- Adding a stored generated column rewrites the table once (see docs/performance.md, "Search").
ALTER TABLE "tickets" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "search_text")) STORED;--> statement-breakpoint
CREATE INDEX "tickets_search_vector_idx" ON "tickets" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', translate(lower(left("body_text", 4000)), 'áàâäãåéèêëíìîïóòôöõúùûüñçý', 'aaaaaaeeeeiiiiooooouuuuncy'))) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_vector_idx" ON "messages" USING gin ("search_vector");
