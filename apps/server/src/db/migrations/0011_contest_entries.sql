-- Contest entries replace the older `submissions` table (issue 15). Rows an install already has
-- become entries: one per creator per contest, their videos as versions in upload order, each
-- entry in review with an 'uploaded' step per version on its timeline.
INSERT INTO "contest_entries" ("contest_id", "user_id", "status", "created_at", "updated_at")
SELECT "contest_id", "user_id", 'in_review', min("created_at"), max("created_at")
FROM "submissions"
GROUP BY "contest_id", "user_id"
ON CONFLICT ("contest_id", "user_id") DO NOTHING;--> statement-breakpoint
INSERT INTO "entry_versions" ("entry_id", "version", "video_id", "created_at")
SELECT e."id", row_number() OVER (PARTITION BY s."contest_id", s."user_id" ORDER BY s."created_at", s."id"), s."video_id", s."created_at"
FROM "submissions" s
JOIN "contest_entries" e ON e."contest_id" = s."contest_id" AND e."user_id" = s."user_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "entry_events" ("entry_id", "step", "version", "created_at")
SELECT "entry_id", 'uploaded', "version", "created_at" FROM "entry_versions";--> statement-breakpoint
DROP TABLE "submissions" CASCADE;
