CREATE TABLE "listing_price_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"old_platform_minor" integer NOT NULL,
	"new_platform_minor" integer NOT NULL,
	"old_price_minor" integer NOT NULL,
	"new_price_minor" integer NOT NULL,
	"new_compare_at_minor" integer,
	"cost_minor" integer NOT NULL,
	"below_margin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "listing_store_rules" ADD COLUMN "price_tolerance_hundredths" integer;--> statement-breakpoint
ALTER TABLE "listing_variants" ADD COLUMN "taken_down" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_price_updates" ADD CONSTRAINT "listing_price_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_price_updates" ADD CONSTRAINT "listing_price_updates_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_price_updates" ADD CONSTRAINT "listing_price_updates_variant_id_listing_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."listing_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_price_updates_user_idx" ON "listing_price_updates" USING btree ("user_id","state","created_at");--> statement-breakpoint
CREATE INDEX "listing_price_updates_variant_idx" ON "listing_price_updates" USING btree ("variant_id","new_platform_minor");