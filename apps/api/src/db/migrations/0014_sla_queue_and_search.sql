CREATE TYPE "public"."service_plan" AS ENUM('ENTERPRISE', 'PROFESSIONAL', 'TRIAL', 'BASIC', 'NONE');--> statement-breakpoint
DROP INDEX "vehicle_requests_paid_status_idx";--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "service_plan" "service_plan";--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "vehicle_requests_queue_idx" ON "vehicle_requests" USING btree ("status","due_at","id") WHERE "vehicle_requests"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "vehicle_requests_vin_prefix_idx" ON "vehicle_requests" USING btree ("vin" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "vehicle_requests_vin_suffix_idx" ON "vehicle_requests" USING btree (reverse("vin") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_customer_email_prefix_idx" ON "transactions" USING btree (lower("customer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_fname_prefix_idx" ON "users" USING btree (lower("fname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_lname_prefix_idx" ON "users" USING btree (lower("lname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_prefix_idx" ON "users" USING btree (lower("fname" || ' ' || "lname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_digits_prefix_idx" ON "users" USING btree (regexp_replace("phone", '[^0-9]', '', 'g') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_company_prefix_idx" ON "users" USING btree (lower("company") text_pattern_ops);--> statement-breakpoint
-- Requests paid before deadlines existed: what the buyer held then is not known, so they get the promise made to
-- everyone (48 hours from payment), which keeps them in the queue in payment order.
UPDATE "vehicle_requests" SET "service_plan" = 'NONE', "due_at" = "paid_at" + interval '48 hours' WHERE "paid_at" IS NOT NULL AND "due_at" IS NULL;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_paid_due_check" CHECK ("paid_at" IS NULL OR ("due_at" IS NOT NULL AND "service_plan" IS NOT NULL));--> statement-breakpoint
-- A paid request's vehicle and its promised deadline are fixed from payment on.
CREATE OR REPLACE FUNCTION vehicle_requests_freeze_paid_vehicle() RETURNS trigger AS $$
BEGIN
  IF OLD.paid_at IS NOT NULL AND (NEW.make_id, NEW.model, NEW.year, NEW.vin) IS DISTINCT FROM (OLD.make_id, OLD.model, OLD.year, OLD.vin) THEN
    RAISE EXCEPTION 'the vehicle of a paid request cannot change';
  END IF;
  IF OLD.paid_at IS NOT NULL AND (NEW.service_plan, NEW.due_at) IS DISTINCT FROM (OLD.service_plan, OLD.due_at) THEN
    RAISE EXCEPTION 'the deadline of a paid request cannot change';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
