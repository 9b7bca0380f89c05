CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medical_order_id" uuid NOT NULL,
	"operator_id" uuid NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medical_orders" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "medical_orders" ADD COLUMN "status_changed_by" text;--> statement-breakpoint
ALTER TABLE "medical_orders" ADD COLUMN "cart_maker_id" text;--> statement-breakpoint
ALTER TABLE "medical_orders" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_medical_order_id_medical_orders_id_fk" FOREIGN KEY ("medical_order_id") REFERENCES "public"."medical_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_order_idx" ON "lead_notes" USING btree ("medical_order_id","created_at");--> statement-breakpoint
ALTER TABLE "medical_orders" ADD CONSTRAINT "medical_orders_cart_maker_id_cart_makers_id_fk" FOREIGN KEY ("cart_maker_id") REFERENCES "public"."cart_makers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_orders" ADD CONSTRAINT "medical_orders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medical_orders_cart_maker_idx" ON "medical_orders" USING btree ("cart_maker_id");