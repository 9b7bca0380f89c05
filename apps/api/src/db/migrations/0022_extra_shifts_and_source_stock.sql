CREATE TABLE "catalogue_stock" (
	"item_id" integer NOT NULL,
	"sales_source" text NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "catalogue_stock_item_id_sales_source_pk" PRIMARY KEY("item_id","sales_source"),
	CONSTRAINT "catalogue_stock_not_negative" CHECK ("catalogue_stock"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "nurse_extra_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"nurse_id" integer NOT NULL,
	"day" date NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_stock" ADD CONSTRAINT "catalogue_stock_item_id_catalogue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_extra_shifts" ADD CONSTRAINT "nurse_extra_shifts_nurse_id_nurses_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."nurses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nurse_extra_shifts_nurse_day_idx" ON "nurse_extra_shifts" USING btree ("nurse_id","day");