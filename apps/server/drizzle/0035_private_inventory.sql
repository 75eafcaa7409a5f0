CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"sku_code" text NOT NULL,
	"warehouse" text NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"frozen" integer DEFAULT 0 NOT NULL,
	"unreceived" integer DEFAULT 0 NOT NULL,
	"ship_first" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_available_nonneg" CHECK ("inventory_items"."available" >= 0),
	CONSTRAINT "inventory_items_frozen_nonneg" CHECK ("inventory_items"."frozen" >= 0),
	CONSTRAINT "inventory_items_unreceived_nonneg" CHECK ("inventory_items"."unreceived" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"reference_label" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"available_delta" integer DEFAULT 0 NOT NULL,
	"frozen_delta" integer DEFAULT 0 NOT NULL,
	"unreceived_delta" integer DEFAULT 0 NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_log_moves" CHECK ("inventory_log"."available_delta" <> 0 or "inventory_log"."frozen_delta" <> 0 or "inventory_log"."unreceived_delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"sku_code" text NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"warehouse" text NOT NULL,
	"quantity" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "inventory_order_lines_received" CHECK ("inventory_order_lines"."received" >= 0 and "inventory_order_lines"."received" <= "inventory_order_lines"."quantity"),
	CONSTRAINT "inventory_order_lines_quantity" CHECK ("inventory_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'awaiting-payment' NOT NULL,
	"handling_fee_per_unit_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"handling_fee_per_unit_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_settings_one_row" CHECK ("inventory_settings"."id" = 1),
	CONSTRAINT "inventory_settings_fee_nonneg" CHECK ("inventory_settings"."handling_fee_per_unit_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_warehouse_warehouses_code_fk" FOREIGN KEY ("warehouse") REFERENCES "public"."warehouses"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inventory_log" ADD CONSTRAINT "inventory_log_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_order_lines" ADD CONSTRAINT "inventory_order_lines_order_id_inventory_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."inventory_orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_order_lines" ADD CONSTRAINT "inventory_order_lines_warehouse_warehouses_code_fk" FOREIGN KEY ("warehouse") REFERENCES "public"."warehouses"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_owner_sku_warehouse_key" ON "inventory_items" USING btree ("user_id","sku_id","warehouse");--> statement-breakpoint
CREATE INDEX "inventory_items_user_idx" ON "inventory_items" USING btree ("user_id","sku_code");--> statement-breakpoint
CREATE INDEX "inventory_log_item_idx" ON "inventory_log" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "inventory_log_reference_idx" ON "inventory_log" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "inventory_order_lines_sku_idx" ON "inventory_order_lines" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "inventory_orders_user_idx" ON "inventory_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_orders_state_idx" ON "inventory_orders" USING btree ("state","created_at");