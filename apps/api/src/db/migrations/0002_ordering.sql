CREATE TYPE "public"."cart_item_kind" AS ENUM('KEYCODE', 'SUBSCRIPTION');--> statement-breakpoint
CREATE TYPE "public"."request_status" AS ENUM('PENDING', 'INPROGRESS', 'FULFILLED');--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"kind" "cart_item_kind" NOT NULL,
	"vehicle_request_id" uuid,
	"subscription_tier" "subscription_tier",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_kind_check" CHECK (("cart_items"."kind" = 'KEYCODE' and "cart_items"."vehicle_request_id" is not null) or ("cart_items"."kind" = 'SUBSCRIPTION' and "cart_items"."subscription_tier" is not null))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"guest_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_owner_check" CHECK (("carts"."user_id" is null) <> ("carts"."guest_id" is null))
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_makes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"base_price_cents" integer NOT NULL,
	"member_price_cents" integer NOT NULL,
	"requires_pin" boolean DEFAULT false NOT NULL,
	"pricing_note" text,
	CONSTRAINT "vehicle_makes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vehicle_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL,
	"name" text NOT NULL,
	"years" integer[] NOT NULL,
	CONSTRAINT "vehicle_models_make_name_unique" UNIQUE("make_id","name")
);
--> statement-breakpoint
CREATE TABLE "vehicle_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"guest_id" uuid,
	"make_id" integer NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"vin" text NOT NULL,
	"status" "request_status" DEFAULT 'PENDING' NOT NULL,
	"price_cents" integer NOT NULL,
	"front_id_file_id" uuid,
	"back_id_file_id" uuid,
	"registration_file_id" uuid,
	"license_front_file_id" uuid,
	"license_back_file_id" uuid,
	"paid_at" timestamp with time zone,
	"keycode_encrypted" text,
	"pincode_encrypted" text,
	"started_by" uuid,
	"started_at" timestamp with time zone,
	"fulfilled_by" uuid,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_requests_owner_check" CHECK ("vehicle_requests"."user_id" is not null or "vehicle_requests"."guest_id" is not null or "vehicle_requests"."paid_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_vehicle_request_id_vehicle_requests_id_fk" FOREIGN KEY ("vehicle_request_id") REFERENCES "public"."vehicle_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_models" ADD CONSTRAINT "vehicle_models_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_front_id_file_id_files_id_fk" FOREIGN KEY ("front_id_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_back_id_file_id_files_id_fk" FOREIGN KEY ("back_id_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_registration_file_id_files_id_fk" FOREIGN KEY ("registration_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_license_front_file_id_files_id_fk" FOREIGN KEY ("license_front_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_license_back_file_id_files_id_fk" FOREIGN KEY ("license_back_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_fulfilled_by_users_id_fk" FOREIGN KEY ("fulfilled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_cart_idx" ON "cart_items" USING btree ("cart_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_vehicle_request_unique" ON "cart_items" USING btree ("vehicle_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_unique" ON "carts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_guest_unique" ON "carts" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "guests_expires_at_idx" ON "guests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "vehicle_requests_user_status_idx" ON "vehicle_requests" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_requests_guest_idx" ON "vehicle_requests" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "vehicle_requests_paid_status_idx" ON "vehicle_requests" USING btree ("status","created_at") WHERE "vehicle_requests"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "vehicle_requests_vin_idx" ON "vehicle_requests" USING btree ("vin");