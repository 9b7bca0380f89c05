CREATE TABLE "company_employees" (
	"client_id" text NOT NULL,
	"document" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_employees_client_id_document_pk" PRIMARY KEY("client_id","document")
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"external_reference" text NOT NULL,
	"status" text NOT NULL,
	"status_detail" text NOT NULL,
	"amount" double precision NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_external_reference_unique" UNIQUE("external_reference")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "held_from" text;--> statement-breakpoint
ALTER TABLE "company_employees" ADD CONSTRAINT "company_employees_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_held_from_idx" ON "appointments" USING btree ("held_from") WHERE "appointments"."held_from" is not null and "appointments"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."status" in ('processing', 'pending');