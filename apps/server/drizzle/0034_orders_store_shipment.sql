DROP INDEX "orders_store_ref_key";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_shipment" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_ref_key" ON "orders" USING btree ("store_id","store_order_ref",coalesce("store_shipment", '')) WHERE "orders"."store_order_ref" is not null;