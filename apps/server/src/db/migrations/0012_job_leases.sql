CREATE TABLE "job_leases" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"worker_id" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_leases_heartbeat_idx" ON "job_leases" USING btree ("heartbeat_at");