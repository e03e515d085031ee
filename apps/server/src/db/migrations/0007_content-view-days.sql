CREATE TABLE "content_view_days" (
	"owner_user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "content_view_days_owner_user_id_day_pk" PRIMARY KEY("owner_user_id","day")
);
--> statement-breakpoint
ALTER TABLE "content_view_days" ADD CONSTRAINT "content_view_days_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;