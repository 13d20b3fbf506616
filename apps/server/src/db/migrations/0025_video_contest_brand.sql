-- Issue 28: a video carries its contest's brand (contest_brand_id), so videos reads its brand
-- without joining contests. The foreign key on (contest_id, contest_brand_id) replaces the one on
-- contest_id alone: it keeps the copy equal to the contest's brand (ON UPDATE CASCADE), and the
-- check sets both columns or neither.
ALTER TABLE "contests" ADD CONSTRAINT "contests_id_brand_id_key" UNIQUE("id","brand_id");--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "contest_brand_id" integer;--> statement-breakpoint
UPDATE "videos" SET "contest_brand_id" = "contests"."brand_id" FROM "contests" WHERE "contests"."id" = "videos"."contest_id";--> statement-breakpoint
ALTER TABLE "videos" DROP CONSTRAINT "videos_contest_id_contests_id_fk";--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_contest_brand_fk" FOREIGN KEY ("contest_id","contest_brand_id") REFERENCES "public"."contests"("id","brand_id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_contest_brand_set" CHECK (("videos"."contest_id" is null) = ("videos"."contest_brand_id" is null));--> statement-breakpoint
CREATE INDEX "videos_contest_idx" ON "videos" USING btree ("contest_id","contest_brand_id") WHERE "videos"."contest_id" is not null;
