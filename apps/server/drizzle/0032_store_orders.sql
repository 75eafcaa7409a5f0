CREATE TABLE "store_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"external_id" text NOT NULL,
	"product_external_id" text,
	"variant_external_id" text,
	"sku" text,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint
);
--> statement-breakpoint
CREATE TABLE "store_order_people" (
	"store_order_id" uuid PRIMARY KEY NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"buyer_email" text,
	"buyer_phone" text,
	"address" jsonb
);
--> statement-breakpoint
CREATE TABLE "store_order_privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"delivery_id" text NOT NULL,
	"topic" text NOT NULL,
	"shop" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"orders_matched" integer DEFAULT 0 NOT NULL,
	"orders_erased" integer DEFAULT 0 NOT NULL,
	"export" jsonb
);
--> statement-breakpoint
CREATE TABLE "store_order_syncs" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"cursor_at" timestamp with time zone,
	"page_cursor" text,
	"running_since" timestamp with time zone,
	"run_high_water" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" jsonb,
	"next_due_at" timestamp with time zone,
	"reached_back" timestamp with time zone,
	"first_import_at" timestamp with time zone,
	"sync_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"fulfilled" boolean DEFAULT false NOT NULL,
	"store_created_at" timestamp with time zone NOT NULL,
	"store_updated_at" timestamp with time zone NOT NULL,
	"country_code" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"trash_reason" text,
	"trashed_at" timestamp with time zone,
	"abnormal_reason" text,
	"abnormal_at" timestamp with time zone,
	"ignored_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_id" uuid,
	"last_synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_requested_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_order_lines" ADD CONSTRAINT "store_order_lines_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_people" ADD CONSTRAINT "store_order_people_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_syncs" ADD CONSTRAINT "store_order_syncs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_order_lines_external_key" ON "store_order_lines" USING btree ("store_order_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_order_privacy_requests_delivery_key" ON "store_order_privacy_requests" USING btree ("platform","delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_external_key" ON "store_orders" USING btree ("store_id","external_id");--> statement-breakpoint
CREATE INDEX "store_orders_user_idx" ON "store_orders" USING btree ("user_id","store_created_at");--> statement-breakpoint
CREATE INDEX "store_orders_order_idx" ON "store_orders" USING btree ("order_id");