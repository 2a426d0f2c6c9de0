CREATE TABLE "login_failures" (
	"email" text NOT NULL,
	"ip_address" text NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_failures_email_ip_address_pk" PRIMARY KEY("email","ip_address")
);
--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "totp_last_used_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_updated_idx" ON "login_failures" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "login_blocked_until";