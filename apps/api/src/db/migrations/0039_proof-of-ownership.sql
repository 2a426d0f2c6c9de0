ALTER TABLE "vehicle_requests" ADD COLUMN "ownership_document" text;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "owner_name" text;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "plate_photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "odometer_photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_plate_photo_file_id_files_id_fk" FOREIGN KEY ("plate_photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_odometer_photo_file_id_files_id_fk" FOREIGN KEY ("odometer_photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;