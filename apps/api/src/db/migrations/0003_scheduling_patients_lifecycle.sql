CREATE TABLE "fund_affiliates" (
	"rut" text PRIMARY KEY NOT NULL,
	"sales_source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nurse_days_off" (
	"nurse_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "nurse_days_off_nurse_id_day_pk" PRIMARY KEY("nurse_id","day")
);
--> statement-breakpoint
CREATE TABLE "nurse_sectors" (
	"nurse_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	CONSTRAINT "nurse_sectors_nurse_id_sector_id_pk" PRIMARY KEY("nurse_id","sector_id")
);
--> statement-breakpoint
CREATE TABLE "nurse_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"nurse_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nurses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"skills" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"second_name" text,
	"last_name" text NOT NULL,
	"second_last_name" text,
	"date_of_birth" date NOT NULL,
	"gender" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"locale" text NOT NULL,
	"scopes" text NOT NULL,
	"acquisition_source" text,
	"access_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"nurse_id" integer NOT NULL,
	"block_start" timestamp with time zone NOT NULL,
	"block_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "finalized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_gateway" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_status" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "split_payment" jsonb;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "amounts" jsonb;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nurse_days_off" ADD CONSTRAINT "nurse_days_off_nurse_id_nurses_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."nurses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_sectors" ADD CONSTRAINT "nurse_sectors_nurse_id_nurses_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."nurses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_sectors" ADD CONSTRAINT "nurse_sectors_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_shifts" ADD CONSTRAINT "nurse_shifts_nurse_id_nurses_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."nurses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_nurse_id_nurses_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."nurses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nurse_sectors_sector_idx" ON "nurse_sectors" USING btree ("sector_id");--> statement-breakpoint
CREATE INDEX "nurse_shifts_nurse_idx" ON "nurse_shifts" USING btree ("nurse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_identifier_idx" ON "users" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_nurse_block_idx" ON "visits" USING btree ("nurse_id","block_start");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_appointment_idx" ON "visits" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "visits_block_idx" ON "visits" USING btree ("block_start");