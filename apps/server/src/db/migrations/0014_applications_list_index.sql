DROP INDEX "applications_contest_status_idx";--> statement-breakpoint
CREATE INDEX "applications_contest_created_idx" ON "applications" USING btree ("contest_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_contest_status_idx" ON "applications" USING btree ("contest_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);