CREATE TYPE "public"."support_channel" AS ENUM('CONTACT', 'CHAT');--> statement-breakpoint
CREATE TYPE "public"."support_state" AS ENUM('OPEN', 'WAITING', 'CLOSED');--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "support_channel" NOT NULL,
	"user_id" uuid,
	"guest_name" text,
	"guest_email" text,
	"subject" text NOT NULL,
	"vehicle_request_id" uuid,
	"plan" "subscription_tier" NOT NULL,
	"state" "support_state" DEFAULT 'OPEN' NOT NULL,
	"handler_id" uuid,
	"first_answer_due_at" timestamp with time zone NOT NULL,
	"answer_due_at" timestamp with time zone,
	"first_answered_at" timestamp with time zone,
	"on_call_alerted_at" timestamp with time zone,
	"last_message_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_conversations_writer" CHECK ("support_conversations"."user_id" is not null or "support_conversations"."guest_email" is not null)
);
--> statement-breakpoint
CREATE TABLE "support_reply_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_vehicle_request_id_vehicle_requests_id_fk" FOREIGN KEY ("vehicle_request_id") REFERENCES "public"."vehicle_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_reply_links" ADD CONSTRAINT "support_reply_links_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_conversations_inbox_idx" ON "support_conversations" USING btree ("state","answer_due_at","last_message_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "support_conversations_user_idx" ON "support_conversations" USING btree ("user_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_conversations_created_idx" ON "support_conversations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_conversations_last_message_idx" ON "support_conversations" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "support_reply_links_conversation_idx" ON "support_reply_links" USING btree ("conversation_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_conversation_idx" ON "contact_messages" USING btree ("conversation_id");