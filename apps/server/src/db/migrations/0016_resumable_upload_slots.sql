ALTER TABLE "upload_slots" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "upload_slots" ADD CONSTRAINT "upload_slots_upload_id_unique" UNIQUE("upload_id");