CREATE TABLE "console_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"operator_id" uuid NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_outcome" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visit_outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "console_notes" ADD CONSTRAINT "console_notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_notes_appointment_idx" ON "console_notes" USING btree ("appointment_id","created_at");