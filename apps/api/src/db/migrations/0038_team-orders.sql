ALTER TABLE "vehicle_requests" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_location_id_team_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."team_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_requests_business_idx" ON "vehicle_requests" USING btree ("business_id","created_at","id") WHERE "vehicle_requests"."business_id" is not null;--> statement-breakpoint
CREATE INDEX "vehicle_requests_location_idx" ON "vehicle_requests" USING btree ("location_id","created_at","id") WHERE "vehicle_requests"."location_id" is not null;