ALTER TABLE "activity_days" DROP CONSTRAINT "activity_days_progress_check";--> statement-breakpoint
-- hand-added (start): a quick action earns its XP once a day. Clicks recorded before that rule keep
-- their row, but only the first click of an action on a day keeps its XP (so the unique index below
-- can be built); each day's XP is summed again from its events, and the badges that XP or the old
-- click-driven progress could earn are dropped, to be earned again from real events at the next look.
UPDATE "user_activity" AS a SET "xp" = 0
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id", "day", "action" ORDER BY "occurred_at", "id") AS n
  FROM "user_activity" WHERE "kind" = 'quick_action' AND "xp" > 0
) AS r
WHERE a."id" = r."id" AND r.n > 1;--> statement-breakpoint
UPDATE "activity_days" AS d SET "xp" = coalesce(
  (SELECT sum(a."xp")::int FROM "user_activity" AS a WHERE a."user_id" = d."user_id" AND a."day" = d."day"), 0
);--> statement-breakpoint
DELETE FROM "user_achievements" WHERE "achievement_id" IN ('goal-getter', 'xp-100', 'xp-1000', 'level-5', 'level-10');--> statement-breakpoint
-- hand-added (end)
CREATE UNIQUE INDEX "user_activity_quick_action_once" ON "user_activity" USING btree ("user_id","day","action") WHERE "user_activity"."kind" = 'quick_action' and "user_activity"."xp" > 0;--> statement-breakpoint
ALTER TABLE "activity_days" DROP COLUMN "progress";--> statement-breakpoint
ALTER TABLE "activity_days" DROP COLUMN "quick_actions";--> statement-breakpoint
ALTER TABLE "activity_days" DROP COLUMN "completed_at";