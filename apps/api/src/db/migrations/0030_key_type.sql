ALTER TABLE "vehicle_requests" ADD COLUMN "key_blank" text;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "transponder" text;--> statement-breakpoint
CREATE INDEX "vehicle_requests_key_blank_idx" ON "vehicle_requests" USING btree ("make_id","model","year") WHERE "vehicle_requests"."key_blank" is not null;