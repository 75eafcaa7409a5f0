ALTER TABLE "invoices" ADD COLUMN "order_number" text;--> statement-breakpoint
-- Invoices issued before this column: the number of the order they were issued for.
UPDATE "invoices" i SET "order_number" = o."number" FROM "orders" o WHERE o."id"::text = i."reference";
