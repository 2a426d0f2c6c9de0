CREATE INDEX "action_log_client_address_idx" ON "action_log" USING btree ("created_at") WHERE ("action_log"."details" ->> 'clientAddress') is not null;--> statement-breakpoint
CREATE INDEX "login_history_identifying_idx" ON "login_history" USING btree ("signed_in_at") WHERE "login_history"."ip_address" is not null or "login_history"."user_agent" is not null;--> statement-breakpoint
-- The action log stays append-only, with one exception: the analytics retention job may remove a client address from
-- an entry's details after a year, changing nothing else (docs/decisions/030).
CREATE OR REPLACE FUNCTION action_log_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.id = OLD.id
    AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
    AND NEW.action = OLD.action
    AND NEW.target_type = OLD.target_type
    AND NEW.target_id = OLD.target_id
    AND NEW.created_at = OLD.created_at
    AND NEW.details = (OLD.details - 'clientAddress') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'action_log is append-only';
END;
$$ LANGUAGE plpgsql;
