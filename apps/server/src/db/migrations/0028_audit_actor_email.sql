-- An audit row names its acting user by the e-mail address the account has when the row is
-- written. The database reads it, in the writing transaction: the audit module sits below
-- accounts (which owns users) and records accounts' own actions, so it cannot ask accounts.
-- The writer sends `user <id>` as actor_email; it stays when the user no longer exists.
CREATE FUNCTION "audit_log_actor_email"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."actor_id" IS NOT NULL THEN
    NEW."actor_email" := COALESCE((SELECT "email" FROM "users" WHERE "id" = NEW."actor_id"), NEW."actor_email");
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_actor_email" BEFORE INSERT ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_actor_email"();
