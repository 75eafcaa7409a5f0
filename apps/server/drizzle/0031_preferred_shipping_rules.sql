CREATE TABLE "preferred_shipping_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"prod_id" integer,
	"country" text,
	"method_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferred_shipping_rules_key" UNIQUE NULLS NOT DISTINCT("user_id","prod_id","country"),
	CONSTRAINT "preferred_shipping_rules_country" CHECK ("preferred_shipping_rules"."country" is null or "preferred_shipping_rules"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "preferred_shipping_rules" ADD CONSTRAINT "preferred_shipping_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferred_shipping_rules" ADD CONSTRAINT "preferred_shipping_rules_prod_id_products_id_fk" FOREIGN KEY ("prod_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferred_shipping_rules" ADD CONSTRAINT "preferred_shipping_rules_method_id_shipping_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preferred_shipping_rules_user_idx" ON "preferred_shipping_rules" USING btree ("user_id","updated_at");