CREATE TYPE "public"."keycode_refund_reason" AS ENUM('NO_CODE_IN_PORTAL', 'VEHICLE_NOT_SUPPORTED', 'MANUFACTURER_REFUSED', 'OTHER');--> statement-breakpoint
ALTER TYPE "public"."request_status" ADD VALUE 'REFUNDED';--> statement-breakpoint
CREATE TABLE "keycode_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_request_id" uuid,
	"transaction_id" uuid,
	"user_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" "keycode_refund_reason" NOT NULL,
	"note" text NOT NULL,
	"status" "plan_refund_status" DEFAULT 'PENDING' NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"issued_by" uuid,
	"attempted_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "refund_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "keycode_refunds" ADD CONSTRAINT "keycode_refunds_vehicle_request_id_vehicle_requests_id_fk" FOREIGN KEY ("vehicle_request_id") REFERENCES "public"."vehicle_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keycode_refunds" ADD CONSTRAINT "keycode_refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keycode_refunds" ADD CONSTRAINT "keycode_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keycode_refunds" ADD CONSTRAINT "keycode_refunds_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "keycode_refunds_request_unique" ON "keycode_refunds" USING btree ("vehicle_request_id");--> statement-breakpoint
CREATE INDEX "keycode_refunds_transaction_idx" ON "keycode_refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "keycode_refunds_user_idx" ON "keycode_refunds" USING btree ("user_id","refunded_at");