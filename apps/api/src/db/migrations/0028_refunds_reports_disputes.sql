CREATE TYPE "public"."payment_dispute_status" AS ENUM('OPEN', 'WON', 'LOST');--> statement-breakpoint
CREATE TYPE "public"."problem_decline_reason" AS ENUM('USER_ERROR', 'CODE_CONFIRMED', 'DELIVERED_ON_TIME', 'CHARGE_CORRECT', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."problem_report_reason" AS ENUM('LATE', 'CODE_DID_NOT_WORK', 'CHARGED_WRONGLY');--> statement-breakpoint
CREATE TYPE "public"."problem_report_status" AS ENUM('OPEN', 'REFUNDED', 'RECHECKED', 'DECLINED');--> statement-breakpoint
ALTER TYPE "public"."keycode_refund_reason" ADD VALUE 'SERVICE_FAILURE';--> statement-breakpoint
ALTER TYPE "public"."keycode_refund_reason" ADD VALUE 'PAYMENT_ERROR';--> statement-breakpoint
ALTER TYPE "public"."keycode_refund_reason" ADD VALUE 'CODE_DID_NOT_WORK';--> statement-breakpoint
ALTER TYPE "public"."keycode_refund_reason" ADD VALUE 'REFUNDED_AT_PROVIDER';--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"transaction_id" uuid,
	"user_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" "payment_dispute_status" DEFAULT 'OPEN' NOT NULL,
	"released_before" boolean DEFAULT false NOT NULL,
	"review_cleared_at" timestamp with time zone,
	"review_cleared_by" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_request_id" uuid NOT NULL,
	"user_id" uuid,
	"reason" "problem_report_reason" NOT NULL,
	"message" text NOT NULL,
	"status" "problem_report_status" DEFAULT 'OPEN' NOT NULL,
	"review_due_at" timestamp with time zone NOT NULL,
	"decline_reason" "problem_decline_reason",
	"answer_note" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_review_cleared_by_users_id_fk" FOREIGN KEY ("review_cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_vehicle_request_id_vehicle_requests_id_fk" FOREIGN KEY ("vehicle_request_id") REFERENCES "public"."vehicle_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_provider_unique" ON "payment_disputes" USING btree ("provider_dispute_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_transaction_idx" ON "payment_disputes" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_review_idx" ON "payment_disputes" USING btree ("user_id") WHERE "payment_disputes"."released_before" and "payment_disputes"."review_cleared_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "problem_reports_request_reason_unique" ON "problem_reports" USING btree ("vehicle_request_id","reason");--> statement-breakpoint
CREATE INDEX "problem_reports_open_idx" ON "problem_reports" USING btree ("review_due_at","id") WHERE "problem_reports"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "keycode_refunds_provider_refund_unique" ON "keycode_refunds" USING btree ("provider_refund_id") WHERE "keycode_refunds"."provider_refund_id" is not null;