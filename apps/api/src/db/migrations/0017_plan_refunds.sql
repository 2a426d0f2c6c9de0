CREATE TYPE "public"."plan_refund_status" AS ENUM('PENDING', 'FAILED', 'REFUNDED');--> statement-breakpoint
CREATE TABLE "plan_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid,
	"user_id" uuid,
	"transaction_id" uuid,
	"amount_cents" integer NOT NULL,
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
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_refunds" ADD CONSTRAINT "plan_refunds_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_refunds" ADD CONSTRAINT "plan_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_refunds" ADD CONSTRAINT "plan_refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_refunds" ADD CONSTRAINT "plan_refunds_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_refunds_subscription_unique" ON "plan_refunds" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "plan_refunds_user_idx" ON "plan_refunds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_key_unique" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_intent_idx" ON "sandbox_refunds" USING btree ("payment_intent_id");