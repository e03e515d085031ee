-- hand-added (drizzle-kit cannot declare an extension): btree_gin lets the GIN index below hold
-- the owner beside the words, so a search reads only its owner's entries; a trusted extension
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- end of hand-added lines; the rest is drizzle-kit's
DROP INDEX "content_files_search_idx";--> statement-breakpoint
CREATE INDEX "content_files_owner_search_idx" ON "content_files" USING gin (("owner_user_id"::text),"search_vector");