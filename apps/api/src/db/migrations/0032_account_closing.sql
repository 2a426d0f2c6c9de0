ALTER TABLE "transactions" ADD COLUMN "buyer_pseudonym" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restore_token_hash" text;--> statement-breakpoint
CREATE INDEX "users_closed_idx" ON "users" USING btree ("closed_at") WHERE "users"."closed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_restore_token_unique" ON "users" USING btree ("restore_token_hash") WHERE "users"."restore_token_hash" is not null;