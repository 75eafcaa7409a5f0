ALTER TABLE "price_differences" DROP CONSTRAINT "price_differences_cancelled";--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "quote_fee_bps" integer;--> statement-breakpoint
ALTER TABLE "price_differences" ADD CONSTRAINT "price_differences_cancelled" CHECK (("price_differences"."state" in ('cancelled', 'order-cancelled')) = ("price_differences"."cancelled_at" is not null));