CREATE TABLE "store_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"image_url" text,
	"url" text,
	"status" text NOT NULL,
	"remote_updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"cursor" text,
	"pages_read" integer DEFAULT 0 NOT NULL,
	"total_pages" integer,
	"imported" integer DEFAULT 0 NOT NULL,
	"error" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_product_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"sku" text,
	"title" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_minor" bigint,
	"currency" text,
	"image_url" text,
	"removed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_webhook_deliveries" (
	"platform" text NOT NULL,
	"delivery_id" text NOT NULL,
	"store_id" uuid,
	"topic" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"base_url" text,
	"status" text DEFAULT 'connected' NOT NULL,
	"inventory_sync" boolean DEFAULT false NOT NULL,
	"email_permission" boolean DEFAULT false NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"credentials" text,
	"access_expires_at" timestamp with time zone,
	"authorization_expires_at" timestamp with time zone,
	"expiry_warned_at" timestamp with time zone,
	"webhook_secret" text,
	"authorized_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"products_pulled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_product_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"variants" jsonb NOT NULL,
	"undone_by" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variant_connections" (
	"variant_id" uuid PRIMARY KEY NOT NULL,
	"store_product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sku_id" integer NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"review_reason" text,
	"sku_specs_at_connect" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_authorizations" ADD CONSTRAINT "store_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_syncs" ADD CONSTRAINT "store_syncs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variants" ADD CONSTRAINT "store_variants_store_product_id_store_products_id_fk" FOREIGN KEY ("store_product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_webhook_deliveries" ADD CONSTRAINT "store_webhook_deliveries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_changes" ADD CONSTRAINT "connection_changes_store_product_id_store_products_id_fk" FOREIGN KEY ("store_product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_connections" ADD CONSTRAINT "variant_connections_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_connections" ADD CONSTRAINT "variant_connections_store_product_id_store_products_id_fk" FOREIGN KEY ("store_product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_connections" ADD CONSTRAINT "variant_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_connections" ADD CONSTRAINT "variant_connections_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_authorizations_nonce_key" ON "store_authorizations" USING btree ("nonce_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "store_products_external_key" ON "store_products" USING btree ("store_id","external_id");--> statement-breakpoint
CREATE INDEX "store_products_title_idx" ON "store_products" USING btree ("store_id","title");--> statement-breakpoint
CREATE INDEX "store_syncs_store_idx" ON "store_syncs" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_variants_external_key" ON "store_variants" USING btree ("store_product_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_webhook_deliveries_key" ON "store_webhook_deliveries" USING btree ("platform","delivery_id");--> statement-breakpoint
CREATE INDEX "stores_user_idx" ON "stores" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_live_address_key" ON "stores" USING btree ("platform","address") WHERE "stores"."status" <> 'disconnected';--> statement-breakpoint
CREATE INDEX "connection_changes_product_idx" ON "connection_changes" USING btree ("store_product_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "connection_changes_undone_by_key" ON "connection_changes" USING btree ("undone_by");--> statement-breakpoint
CREATE INDEX "variant_connections_product_idx" ON "variant_connections" USING btree ("store_product_id");--> statement-breakpoint
CREATE INDEX "variant_connections_sku_idx" ON "variant_connections" USING btree ("sku_id");