CREATE TABLE "job_records" (
	"vehicle_request_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_name" text,
	"customer_phone" text,
	"phone_digits" text,
	"job_address" text,
	"plate" text,
	"plate_key" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_records" ADD CONSTRAINT "job_records_vehicle_request_id_vehicle_requests_id_fk" FOREIGN KEY ("vehicle_request_id") REFERENCES "public"."vehicle_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_records" ADD CONSTRAINT "job_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_records_user_updated_idx" ON "job_records" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "job_records_customer_name_idx" ON "job_records" USING btree ("user_id",lower("customer_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "job_records_phone_idx" ON "job_records" USING btree ("user_id",reverse("phone_digits") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "job_records_plate_idx" ON "job_records" USING btree ("user_id","plate_key");