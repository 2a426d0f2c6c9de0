ALTER TABLE "transactions" ADD COLUMN "uses_basic_discount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "service_plan" "service_plan";--> statement-breakpoint
CREATE INDEX "transactions_basic_discount_idx" ON "transactions" USING btree ("user_id","created_at") WHERE "transactions"."uses_basic_discount";