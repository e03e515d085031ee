-- Hand-written in place of drizzle-kit's drop and create (the snapshot is drizzle-kit's): changing
-- the storage parameter keeps the index, where a rebuild on a large library would hold uploads back
-- for minutes; then the pending list that fastupdate left is merged into the index.
ALTER INDEX "content_files_owner_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('content_files_owner_search_idx'::regclass);
