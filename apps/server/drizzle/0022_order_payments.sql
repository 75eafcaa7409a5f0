CREATE SEQUENCE "public"."order_payment_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_payment_orders" (
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "order_payment_orders_payment_id_order_id_pk" PRIMARY KEY("payment_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"state" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"locked_minor" bigint DEFAULT 0 NOT NULL,
	"shortfall_minor" bigint DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"recharge_order_id" uuid,
	"approve_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "order_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "order_payment_orders" ADD CONSTRAINT "order_payment_orders_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment_orders" ADD CONSTRAINT "order_payment_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payment_orders_order_idx" ON "order_payment_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_number_key" ON "order_payments" USING btree ("number");--> statement-breakpoint
CREATE INDEX "order_payments_user_idx" ON "order_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_recharge_key" ON "order_payments" USING btree ("recharge_order_id") WHERE "order_payments"."recharge_order_id" is not null;