CREATE TABLE "listing_store_rules" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"multiple_hundredths" integer,
	"markup_minor" integer,
	"cents_ending" integer,
	"compare_at_hundredths" integer,
	"min_margin_hundredths" integer,
	"currency" text NOT NULL,
	"market" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"sku_id" integer NOT NULL,
	"position" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"compare_at_minor" integer,
	"platform_minor" integer NOT NULL,
	"shipping_minor" integer NOT NULL,
	"own_minor" integer,
	"external_id" text,
	"inventory_item_id" text,
	"pushed_quantity" integer,
	"store_variant_id" uuid
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"prod_id" integer NOT NULL,
	"batch_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"failure" jsonb,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_type" text,
	"lock_price" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"market" text NOT NULL,
	"rule" jsonb NOT NULL,
	"external_id" text,
	"url" text,
	"store_product_id" uuid,
	"publishing_since" timestamp with time zone,
	"price_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_store_rules" ADD CONSTRAINT "listing_store_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_variants" ADD CONSTRAINT "listing_variants_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_variants" ADD CONSTRAINT "listing_variants_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_variants" ADD CONSTRAINT "listing_variants_store_variant_id_store_variants_id_fk" FOREIGN KEY ("store_variant_id") REFERENCES "public"."store_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_prod_id_products_id_fk" FOREIGN KEY ("prod_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_store_product_id_store_products_id_fk" FOREIGN KEY ("store_product_id") REFERENCES "public"."store_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_variants_listing_idx" ON "listing_variants" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listing_variants_sku_idx" ON "listing_variants" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "listings_user_idx" ON "listings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "listings_store_state_idx" ON "listings" USING btree ("store_id","state");--> statement-breakpoint
CREATE INDEX "listings_batch_idx" ON "listings" USING btree ("batch_id");