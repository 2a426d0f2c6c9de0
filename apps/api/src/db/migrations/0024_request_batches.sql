CREATE TABLE "request_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_batches_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "batch_position" integer;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "request_batches" ADD CONSTRAINT "request_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_batches_user_idx" ON "request_batches" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_batch_id_request_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."request_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_requests_batch_idx" ON "vehicle_requests" USING btree ("batch_id","batch_position") WHERE "vehicle_requests"."batch_id" is not null;--> statement-breakpoint
-- A batch lives as long as one of its requests: whichever path removes the last one (the cart, the dashboard, the
-- unpaid sweep), the batch goes with it. The batch rows are locked first, so two removals of its last two requests
-- decide one after the other and the second sees the first's.
CREATE OR REPLACE FUNCTION request_batches_drop_emptied() RETURNS trigger AS $$
BEGIN
  PERFORM 1 FROM request_batches
    WHERE id IN (SELECT batch_id FROM removed_requests WHERE batch_id IS NOT NULL)
    ORDER BY id FOR UPDATE;
  DELETE FROM request_batches b
    WHERE b.id IN (SELECT batch_id FROM removed_requests WHERE batch_id IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM vehicle_requests r WHERE r.batch_id = b.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER request_batches_emptied
  AFTER DELETE ON vehicle_requests
  REFERENCING OLD TABLE AS removed_requests
  FOR EACH STATEMENT EXECUTE FUNCTION request_batches_drop_emptied();
