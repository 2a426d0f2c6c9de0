ALTER TABLE "member_profiles" ADD COLUMN "second_factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "second_factor_window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "second_factor_blocked_until" timestamp with time zone;