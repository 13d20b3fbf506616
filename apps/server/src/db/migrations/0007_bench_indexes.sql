DROP INDEX "videos_review_idx";--> statement-breakpoint
CREATE INDEX "videos_review_idx" ON "videos" USING btree ("review_status","created_at","id","status");