ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "customer_name" text;--> statement-breakpoint
CREATE INDEX "action_log_action_idx" ON "action_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "action_log_actor_idx" ON "action_log" USING btree ("actor_id","id");