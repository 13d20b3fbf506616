ALTER TABLE "videos" ADD COLUMN "hls_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "mp4_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "renditions" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "captions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "processing_stage" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "processing_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Videos processed before renditions existed: their processing is over (the player falls back to
-- the original for them until they are processed again).
UPDATE "videos" SET "processing_stage" = CASE WHEN "status" = 'failed' THEN 'failed' ELSE 'done' END, "processing_percent" = 100 WHERE "status" <> 'processing';
