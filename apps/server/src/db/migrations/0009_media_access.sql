ALTER TABLE "videos" ADD COLUMN "upload_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "videos_upload_id_key" ON "videos" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "videos_original_key_idx" ON "videos" USING btree ("original_key");