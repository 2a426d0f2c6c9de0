CREATE TABLE "keycode_releases" (
	"vehicle_request_id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid,
	"released_by" uuid NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"is_guest" boolean NOT NULL,
	"account_validated" boolean NOT NULL,
	"documents_on_file" text NOT NULL,
	"identity_checked" boolean DEFAULT false NOT NULL,
	"override_reason" text,
	"channels" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"vehicle_request_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "paid_price_cents" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "keycodes_by_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "keycode_releases" ADD CONSTRAINT "keycode_releases_vehicle_request_id_vehicle_requests_id_fk" FOREIGN KEY ("vehicle_request_id") REFERENCES "public"."vehicle_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keycode_releases" ADD CONSTRAINT "keycode_releases_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_links" ADD CONSTRAINT "order_links_vehicle_request_id_vehicle_requests_id_fk" FOREIGN KEY ("vehicle_request_id") REFERENCES "public"."vehicle_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keycode_releases_released_idx" ON "keycode_releases" USING btree ("released_at","vehicle_request_id");--> statement-breakpoint
CREATE INDEX "order_links_request_idx" ON "order_links" USING btree ("vehicle_request_id");--> statement-breakpoint
CREATE INDEX "order_links_expires_idx" ON "order_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_failed_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."status" = 'FAILED';--> statement-breakpoint
CREATE INDEX "mail_outbox_sent_idx" ON "mail_outbox" USING btree ("sent_at") WHERE "mail_outbox"."status" = 'SENT';--> statement-breakpoint
-- Checkouts made before this migration stay open as long as a provider keeps an unpaid session: 24 hours.
UPDATE "transactions" SET "expires_at" = "created_at" + interval '24 hours' WHERE "expires_at" IS NULL;
--> statement-breakpoint
-- A paid request's vehicle never changes (docs/decisions/013); the service refuses first, this is the last line.
CREATE OR REPLACE FUNCTION vehicle_requests_freeze_paid_vehicle() RETURNS trigger AS $$
BEGIN
  IF OLD.paid_at IS NOT NULL AND (NEW.make_id, NEW.model, NEW.year, NEW.vin) IS DISTINCT FROM (OLD.make_id, OLD.model, OLD.year, OLD.vin) THEN
    RAISE EXCEPTION 'the vehicle of a paid request cannot change';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vehicle_requests_paid_vehicle_frozen
  BEFORE UPDATE ON vehicle_requests
  FOR EACH ROW EXECUTE FUNCTION vehicle_requests_freeze_paid_vehicle();
