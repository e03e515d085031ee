CREATE TABLE "activity_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"time_zone" text NOT NULL,
	"visited_at" timestamp with time zone,
	"streak" integer,
	"progress" integer DEFAULT 0 NOT NULL,
	"quick_actions" integer DEFAULT 0 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "activity_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "activity_days_progress_check" CHECK ("activity_days"."progress" between 0 and 100),
	CONSTRAINT "activity_days_streak_check" CHECK ("activity_days"."streak" is null or "activity_days"."streak" >= 1),
	CONSTRAINT "activity_days_xp_check" CHECK ("activity_days"."xp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"user_id" uuid NOT NULL,
	"achievement_id" text NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
CREATE TABLE "user_licenses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"license_key" text NOT NULL,
	"license_id" text NOT NULL,
	"tier" text NOT NULL,
	"licensee" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_activity" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "user_activity" ADD COLUMN "day" date;--> statement-breakpoint
-- rows written before days were kept (none are expected) count toward their UTC date
UPDATE "user_activity" SET "day" = ("occurred_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
ALTER TABLE "user_activity" ALTER COLUMN "day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_activity" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "timezone_source" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_licenses" ADD CONSTRAINT "user_licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_licenses_license_idx" ON "user_licenses" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "user_activity_user_kind_idx" ON "user_activity" USING btree ("user_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "user_activity_user_day_idx" ON "user_activity" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "user_activity_user_key" ON "user_activity" USING btree ("user_id","key");--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_xp_check" CHECK ("user_activity"."xp" >= 0);