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
CREATE INDEX "vehicle_requests_batch_idx" ON "vehicle_requests" USING btree ("batch_id","batch_position") WHERE "vehicle_requests"."batch_id" is not null;