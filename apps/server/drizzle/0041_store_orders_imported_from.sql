ALTER TABLE "store_orders" ADD COLUMN "import_file_name" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "prices_given" boolean DEFAULT true NOT NULL;