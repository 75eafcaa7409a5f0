CREATE TABLE "product_price_tiers" (
	"product_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price_minor" integer,
	"percent_off_bps" integer,
	CONSTRAINT "product_price_tiers_product_id_min_quantity_pk" PRIMARY KEY("product_id","min_quantity"),
	CONSTRAINT "product_price_tiers_rule" CHECK ("product_price_tiers"."min_quantity" >= 2 and (("product_price_tiers"."unit_price_minor" is null) <> ("product_price_tiers"."percent_off_bps" is null))
        and coalesce("product_price_tiers"."unit_price_minor", 1) > 0 and coalesce("product_price_tiers"."percent_off_bps", 1) between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "price_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"raised_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	CONSTRAINT "price_differences_amount" CHECK ("price_differences"."amount_minor" > 0),
	CONSTRAINT "price_differences_paid" CHECK (("price_differences"."state" = 'paid') = ("price_differences"."paid_at" is not null)),
	CONSTRAINT "price_differences_cancelled" CHECK (("price_differences"."state" = 'cancelled') = ("price_differences"."cancelled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_difference_due_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_type" text DEFAULT 'dropshipping' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_price_tiers" ADD CONSTRAINT "product_price_tiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_differences" ADD CONSTRAINT "price_differences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_differences" ADD CONSTRAINT "price_differences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_differences_one_due_key" ON "price_differences" USING btree ("order_id") WHERE "price_differences"."state" = 'due';--> statement-breakpoint
CREATE INDEX "price_differences_user_idx" ON "price_differences" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_differences_state_idx" ON "price_differences" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_difference_due" CHECK ("orders"."price_difference_due_minor" is null or "orders"."price_difference_due_minor" > 0);