-- The technical check (QC) of every uploaded video (issue 51): one row per video, written when its
-- processing is done (pending while queued), then done with its checks or failed with why.
CREATE TABLE "video_qc" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"facts" jsonb,
	"error" text,
	"queued_at" timestamp with time zone,
	"analysed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_qc_status_known" CHECK ("video_qc"."status" in ('pending', 'done', 'failed')),
	CONSTRAINT "video_qc_error_len" CHECK (char_length("video_qc"."error") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "video_qc" ADD CONSTRAINT "video_qc_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;