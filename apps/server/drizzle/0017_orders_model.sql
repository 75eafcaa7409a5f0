CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"sku_code" text NOT NULL,
	"title" text NOT NULL,
	"specs" jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_minor" bigint NOT NULL,
	"store_price_minor" bigint,
	CONSTRAINT "order_lines_amounts" CHECK ("order_lines"."quantity" > 0 and "order_lines"."unit_price_minor" >= 0 and "order_lines"."line_total_minor" = "order_lines"."unit_price_minor" * "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text DEFAULT 'catalogue' NOT NULL,
	"store_id" text,
	"store_order_ref" text,
	"state" text DEFAULT 'awaiting-payment' NOT NULL,
	"parent_order_id" uuid,
	"goods_minor" bigint NOT NULL,
	"shipping_minor" bigint NOT NULL,
	"service_fee_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint NOT NULL,
	"consignee" jsonb NOT NULL,
	"billing" jsonb NOT NULL,
	"shipping_method_code" text NOT NULL,
	"shipping_method_name" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"remark" text DEFAULT '' NOT NULL,
	"abnormal_reason" text,
	"abnormal_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"trashed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts" CHECK ("orders"."goods_minor" >= 0 and "orders"."shipping_minor" >= 0 and "orders"."service_fee_minor" >= 0 and "orders"."tax_minor" >= 0 and "orders"."discount_minor" >= 0
        and "orders"."total_minor" >= 0
        and "orders"."total_minor" = "orders"."goods_minor" + "orders"."shipping_minor" + "orders"."service_fee_minor" + "orders"."tax_minor" - "orders"."discount_minor"),
	CONSTRAINT "orders_shipped_tracking" CHECK ("orders"."state" not in ('shipped', 'delivered') or ("orders"."carrier" is not null and "orders"."tracking_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parent_fk" FOREIGN KEY ("parent_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_user_state_idx" ON "orders" USING btree ("user_id","state","created_at");--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_ref_key" ON "orders" USING btree ("store_id","store_order_ref") WHERE "orders"."store_order_ref" is not null;