CREATE TYPE "public"."admin_approval" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('BASEUSER', 'ADMIN', 'SUPER_ADMIN');--> statement-breakpoint
CREATE TYPE "public"."subscription_tier" AS ENUM('NONE', 'BASIC', 'PROFESSIONAL', 'ENTERPRISE');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"fname" text NOT NULL,
	"lname" text NOT NULL,
	"phone" text,
	"company" text,
	"state" text,
	"role" "role" DEFAULT 'BASEUSER' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_validated_user" boolean DEFAULT false NOT NULL,
	"admin_approval" "admin_approval",
	"admin_approval_notes" text,
	"admin_notes" text,
	"subscription_tier" "subscription_tier" DEFAULT 'NONE' NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_approval_idx" ON "users" USING btree ("role","admin_approval");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");