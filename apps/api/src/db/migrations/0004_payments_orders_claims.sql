CREATE TABLE "card_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"outcome" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_order_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medical_order_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grouped_orden_medica_id" text NOT NULL,
	"client_id" text,
	"sales_source" text NOT NULL,
	"country" text NOT NULL,
	"path" text,
	"sector_id" integer,
	"lead" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_item_claims" (
	"identifier" text NOT NULL,
	"item_slug" text NOT NULL,
	"sales_source" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_item_claims_identifier_item_slug_sales_source_pk" PRIMARY KEY("identifier","item_slug","sales_source")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"gateway" text NOT NULL,
	"method" text NOT NULL,
	"gateway_payment_id" text,
	"status" text NOT NULL,
	"status_detail" text,
	"amount" double precision NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medical_order_files" ADD CONSTRAINT "medical_order_files_medical_order_id_medical_orders_id_fk" FOREIGN KEY ("medical_order_id") REFERENCES "public"."medical_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_orders" ADD CONSTRAINT "medical_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_orders" ADD CONSTRAINT "medical_orders_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_item_claims" ADD CONSTRAINT "patient_item_claims_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medical_orders_grouped_idx" ON "medical_orders" USING btree ("grouped_orden_medica_id");--> statement-breakpoint
CREATE INDEX "medical_orders_created_idx" ON "medical_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "patient_item_claims_appointment_idx" ON "patient_item_claims" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_attempt_idx" ON "payments" USING btree ("appointment_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_approved_idx" ON "payments" USING btree ("appointment_id") WHERE "payments"."status" in ('approved', 'cash');