ALTER TABLE "stores" ADD COLUMN "margin_guard_percent" integer;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "landed_minor" bigint;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "selling_usd_minor" bigint;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "quote_note" jsonb;