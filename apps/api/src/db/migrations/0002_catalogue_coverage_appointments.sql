CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"client_id" text,
	"sales_source" text NOT NULL,
	"country" text NOT NULL,
	"region" text NOT NULL,
	"comuna" text NOT NULL,
	"colony" text,
	"address_line_1" text NOT NULL,
	"target_address" text NOT NULL,
	"target_street_number" text NOT NULL,
	"target_residence_type" text DEFAULT 'house' NOT NULL,
	"target_lat" double precision NOT NULL,
	"target_lng" double precision NOT NULL,
	"target_apartment_number" text,
	"target_address_additional_info" text,
	"zip_code" text,
	"place_id" text,
	"sector_id" integer,
	"last_mile" jsonb,
	"section_origin" text,
	"client_origin" text,
	"receiver_id" text,
	"referral_code" text,
	"coupon_code" text,
	"fingerprint_required" boolean DEFAULT false NOT NULL,
	"patients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_makers" (
	"id" text PRIMARY KEY NOT NULL,
	"appointment_id" uuid,
	"discount_code" text,
	"patients" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"resourcetype" text,
	"name" text NOT NULL,
	"short_name" text,
	"display_name" text,
	"description" text,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"country" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"price" integer,
	"is_promotion" boolean DEFAULT false NOT NULL,
	"promotion_price" integer,
	"stackable" boolean DEFAULT false NOT NULL,
	"fast_hours" integer,
	"results_hours" integer,
	"results_on_business_days" boolean DEFAULT false NOT NULL,
	"cms_slug" text,
	"allows_fonasa" boolean DEFAULT false NOT NULL,
	"fonasa_price" integer,
	"fonasa_copayment" integer,
	"service_fee" integer DEFAULT 0 NOT NULL,
	"fonasa_service_fee" integer DEFAULT 0 NOT NULL,
	"image" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allows_more_items_in_cart" boolean DEFAULT true NOT NULL,
	"is_familiar" boolean DEFAULT false NOT NULL,
	"number_of_patients" integer,
	"skill" text DEFAULT 'lab' NOT NULL,
	"stock" integer,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"first_name" text NOT NULL,
	"second_name" text,
	"last_name" text NOT NULL,
	"second_last_name" text,
	"date_of_birth" text,
	"gender" text,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"email" text,
	"phone" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"coupon_code" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"discount_percent" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"sales_source" text,
	"country" text,
	"item_ids" jsonb,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"sales_source" text,
	"commune" text,
	"price" integer NOT NULL,
	"promotion_price" integer,
	CONSTRAINT "item_prices_item_source_commune_key" UNIQUE NULLS NOT DISTINCT("item_id","sales_source","commune")
);
--> statement-breakpoint
CREATE TABLE "operative_status" (
	"sales_source" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"reason" text,
	"stock_item_id" integer
);
--> statement-breakpoint
CREATE TABLE "pack_items" (
	"pack_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pack_items_pack_id_item_id_pk" PRIMARY KEY("pack_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"sales_source" text PRIMARY KEY NOT NULL,
	"referral_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sales_source" text NOT NULL,
	"country" text NOT NULL,
	"services" jsonb NOT NULL,
	"polygon" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_makers" ADD CONSTRAINT "cart_makers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_patients" ADD CONSTRAINT "client_patients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_prices" ADD CONSTRAINT "item_prices_item_id_catalogue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operative_status" ADD CONSTRAINT "operative_status_stock_item_id_catalogue_items_id_fk" FOREIGN KEY ("stock_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_items" ADD CONSTRAINT "pack_items_pack_id_catalogue_items_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_items" ADD CONSTRAINT "pack_items_item_id_catalogue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_client_idx" ON "appointments" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_items_country_slug_idx" ON "catalogue_items" USING btree ("country","slug");--> statement-breakpoint
CREATE INDEX "catalogue_items_country_active_idx" ON "catalogue_items" USING btree ("country","active");--> statement-breakpoint
CREATE UNIQUE INDEX "client_patients_document_idx" ON "client_patients" USING btree ("client_id","document_type","document_number");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_appointment_idx" ON "coupon_uses" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "sectors_source_country_idx" ON "sectors" USING btree ("sales_source","country");