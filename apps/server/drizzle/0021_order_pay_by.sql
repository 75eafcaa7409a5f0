CREATE TABLE "order_pay_by" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"pay_by" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_pay_by" ADD CONSTRAINT "order_pay_by_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;