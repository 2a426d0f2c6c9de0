ALTER TABLE "member_profiles" ADD COLUMN "totp_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "totp_pending_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "recovery_code_hashes" text[] DEFAULT '{}'::text[] NOT NULL;