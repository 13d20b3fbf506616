-- Brand teams (issue 49): every member of a brand has a role in its team. Every brand account of
-- before the teams (all of which could do everything) becomes an owner of its brand, through the
-- column's default; so does a pending brand invitation sent before (it gave the same powers).
ALTER TABLE "brand_profiles" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "brand_role" text;--> statement-breakpoint
UPDATE "invitations" SET "brand_role" = 'owner' WHERE "role" = 'brand';--> statement-breakpoint
CREATE INDEX "brand_profiles_brand_idx" ON "brand_profiles" USING btree ("brand_id");--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD CONSTRAINT "brand_profiles_role_known" CHECK ("brand_profiles"."role" in ('owner', 'manager', 'reviewer', 'viewer'));
