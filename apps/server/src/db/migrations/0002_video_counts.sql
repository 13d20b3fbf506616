CREATE TABLE "video_counts" (
	"is_approved" boolean PRIMARY KEY NOT NULL,
	"videos" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Kept by triggers: the library's count is one row read instead of a count over every video.
INSERT INTO "video_counts" ("is_approved", "videos")
SELECT a, (SELECT count(*) FROM "videos" WHERE "is_approved" = a) FROM (VALUES (true), (false)) AS t(a);
--> statement-breakpoint
CREATE FUNCTION "video_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "video_counts" AS c SET "videos" = c."videos" + n.added
  FROM (SELECT "is_approved", count(*) AS added FROM inserted GROUP BY "is_approved") AS n
  WHERE c."is_approved" = n."is_approved";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "video_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "video_counts" AS c SET "videos" = c."videos" - n.removed
  FROM (SELECT "is_approved", count(*) AS removed FROM deleted GROUP BY "is_approved") AS n
  WHERE c."is_approved" = n."is_approved";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "video_counts_after_approval"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "video_counts"
  SET "videos" = "videos" + CASE WHEN "is_approved" = NEW."is_approved" THEN 1 ELSE -1 END
  WHERE "is_approved" IN (OLD."is_approved", NEW."is_approved");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "video_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "video_counts" SET "videos" = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "video_counts_insert" AFTER INSERT ON "videos"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "video_counts_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "video_counts_delete" AFTER DELETE ON "videos"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "video_counts_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "video_counts_approval" AFTER UPDATE OF "is_approved" ON "videos"
  FOR EACH ROW WHEN (OLD."is_approved" IS DISTINCT FROM NEW."is_approved")
  EXECUTE FUNCTION "video_counts_after_approval"();
--> statement-breakpoint
CREATE TRIGGER "video_counts_truncate" AFTER TRUNCATE ON "videos"
  FOR EACH STATEMENT EXECUTE FUNCTION "video_counts_after_truncate"();
