ALTER TABLE "wallet_held_payments" ADD COLUMN "into_account" text DEFAULT 'revenue' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD COLUMN "deposit_state" text;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD COLUMN "deposit_percent" integer;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD COLUMN "deposit_minor" bigint;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD COLUMN "balance_minor" bigint;--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD COLUMN "settled_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_settings" ADD COLUMN "deposit_from_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_settings" ADD COLUMN "deposit_percent" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_held_payments" ADD CONSTRAINT "wallet_held_payments_into" CHECK ("wallet_held_payments"."into_account" in ('revenue', 'deposit'));--> statement-breakpoint
ALTER TABLE "inventory_orders" ADD CONSTRAINT "inventory_orders_deposit_terms" CHECK (("inventory_orders"."deposit_state" is null) = ("inventory_orders"."deposit_minor" is null) and ("inventory_orders"."deposit_minor" is null) = ("inventory_orders"."balance_minor" is null)
        and ("inventory_orders"."deposit_minor" is null or ("inventory_orders"."deposit_minor" > 0 and "inventory_orders"."balance_minor" > 0)));--> statement-breakpoint
ALTER TABLE "inventory_settings" ADD CONSTRAINT "inventory_settings_deposit" CHECK ("inventory_settings"."deposit_from_minor" >= 0 and "inventory_settings"."deposit_percent" between 1 and 90);