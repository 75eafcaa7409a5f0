CREATE TABLE "excel_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file" text NOT NULL,
	"error_file" text,
	"state" text DEFAULT 'previewed' NOT NULL,
	"row_count" integer NOT NULL,
	"order_count" integer NOT NULL,
	"success_count" integer NOT NULL,
	"fail_count" integer NOT NULL,
	"error_row_count" integer NOT NULL,
	"reason" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "store_orders" ALTER COLUMN "store_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ALTER COLUMN "platform" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "store_order_lines" ADD COLUMN "sku_id" integer;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "source" text DEFAULT 'store' NOT NULL;--> statement-breakpoint
ALTER TABLE "excel_imports" ADD CONSTRAINT "excel_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "excel_imports_user_idx" ON "excel_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "excel_imports_file_idx" ON "excel_imports" USING btree ("user_id","file");