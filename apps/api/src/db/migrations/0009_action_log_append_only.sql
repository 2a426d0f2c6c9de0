-- The action log is append-only: rows can be added, never changed or removed.
CREATE OR REPLACE FUNCTION action_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'action_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER action_log_append_only
  BEFORE UPDATE OR DELETE ON action_log
  FOR EACH ROW EXECUTE FUNCTION action_log_refuse_change();
