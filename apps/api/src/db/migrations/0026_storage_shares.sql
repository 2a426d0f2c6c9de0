DROP INDEX "files_owner_idx";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "uploader_address" text;--> statement-breakpoint
CREATE INDEX "files_guest_address_idx" ON "files" USING btree ("uploader_address","created_at") WHERE "files"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "files_guest_created_idx" ON "files" USING btree ("created_at") WHERE "files"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id","created_at");