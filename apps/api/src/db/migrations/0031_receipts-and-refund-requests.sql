ALTER TABLE "subscriptions" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscriptions_refund_requested_idx" ON "subscriptions" USING btree ("refund_requested_at") WHERE "subscriptions"."refund_requested_at" is not null;--> statement-breakpoint
CREATE INDEX "plan_refunds_transaction_idx" ON "plan_refunds" USING btree ("transaction_id");