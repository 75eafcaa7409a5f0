ALTER TABLE "orders" ADD COLUMN "checkout_ref" text;--> statement-breakpoint
CREATE INDEX "orders_checkout_ref_idx" ON "orders" USING btree ("checkout_ref") WHERE "orders"."checkout_ref" is not null;