CREATE TABLE "order_deposits" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"percent" integer NOT NULL,
	"deposit_minor" bigint NOT NULL,
	"balance_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_deposits_parts_positive" CHECK ("order_deposits"."deposit_minor" > 0 and "order_deposits"."balance_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_deposits" ADD CONSTRAINT "order_deposits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deposits" ADD CONSTRAINT "order_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_deposits_user_idx" ON "order_deposits" USING btree ("user_id");