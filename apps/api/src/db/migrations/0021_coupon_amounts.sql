-- Coupons of an amount (whole units of the country's currency) beside those of a percentage,
-- exactly one of the two; any number of sales sources (the one each named before becomes a list
-- of one); once per person, kept by coupon_use_people's key (coupon, person).
ALTER TABLE "coupons" ALTER COLUMN "discount_percent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "discount_amount" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "sales_sources" jsonb;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "once_per_person" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "coupons" SET "sales_sources" = jsonb_build_array("sales_source") WHERE "sales_source" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "sales_source";--> statement-breakpoint
-- Quotes already priced a percentage over 100 as 100, and one under 1 as nothing: kept so, the
-- latter switched off.
UPDATE "coupons" SET "discount_percent" = 100 WHERE "discount_percent" > 100;--> statement-breakpoint
UPDATE "coupons" SET "discount_percent" = 1, "active" = false WHERE "discount_percent" < 1;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_discount_check" CHECK ((discount_percent is null) <> (discount_amount is null) and (discount_percent is null or discount_percent between 1 and 100) and (discount_amount is null or discount_amount > 0));--> statement-breakpoint
CREATE TABLE "coupon_use_people" (
	"coupon_code" text NOT NULL,
	"person" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	CONSTRAINT "coupon_use_people_coupon_code_person_pk" PRIMARY KEY("coupon_code","person")
);
--> statement-breakpoint
ALTER TABLE "coupon_use_people" ADD CONSTRAINT "coupon_use_people_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_idx" ON "coupon_uses" USING btree ("coupon_code","used_at");
