ALTER TABLE "invoices" ADD COLUMN "parts" jsonb;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "part" text;