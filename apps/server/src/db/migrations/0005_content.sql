CREATE TABLE "content_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"session_id" uuid,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"extracted_text" text,
	"text_state" text DEFAULT 'pending' NOT NULL,
	"thumbnail_state" text DEFAULT 'pending' NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"rank_vector" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "content_files_size_check" CHECK ("content_files"."size" >= 0 AND "content_files"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "content_owner_stats" (
	"owner_user_id" uuid PRIMARY KEY NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"view_count" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_owner_stats_check" CHECK ("content_owner_stats"."file_count" >= 0 AND "content_owner_stats"."total_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "content_recent_searches" (
	"user_id" uuid NOT NULL,
	"query_key" text NOT NULL,
	"query" text NOT NULL,
	"results_count" integer NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_recent_searches_user_id_query_key_pk" PRIMARY KEY("user_id","query_key")
);
--> statement-breakpoint
ALTER TABLE "content_files" ADD CONSTRAINT "content_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_files" ADD CONSTRAINT "content_files_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_owner_stats" ADD CONSTRAINT "content_owner_stats_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_recent_searches" ADD CONSTRAINT "content_recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_files_owner_created_idx" ON "content_files" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "content_files_session_idx" ON "content_files" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "content_files_public_created_idx" ON "content_files" USING btree ("created_at") WHERE "content_files"."is_public";--> statement-breakpoint
CREATE INDEX "content_files_search_idx" ON "content_files" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "content_recent_searches_user_idx" ON "content_recent_searches" USING btree ("user_id","searched_at");