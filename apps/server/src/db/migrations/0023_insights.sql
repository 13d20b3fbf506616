CREATE TABLE "play_days" (
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"reached" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0,0}'::integer[] NOT NULL,
	CONSTRAINT "play_days_video_id_day_pk" PRIMARY KEY("video_id","day"),
	CONSTRAINT "play_days_reached_len" CHECK (cardinality("play_days"."reached") = 11)
);
--> statement-breakpoint
CREATE TABLE "play_marks" (
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"session" text NOT NULL,
	"tenth" smallint NOT NULL,
	CONSTRAINT "play_marks_video_id_day_session_tenth_pk" PRIMARY KEY("video_id","day","session","tenth")
);
--> statement-breakpoint
CREATE TABLE "play_totals" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"reached" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0,0}'::integer[] NOT NULL,
	CONSTRAINT "play_totals_reached_len" CHECK (cardinality("play_totals"."reached") = 11)
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_days" ADD CONSTRAINT "play_days_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_totals" ADD CONSTRAINT "play_totals_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;