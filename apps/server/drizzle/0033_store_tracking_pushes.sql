CREATE TABLE "store_tracking_pushes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"warning" text,
	"fulfilment_id" text,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"error_kind" text,
	"job_id" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_tracking_pushes_sent" CHECK ("store_tracking_pushes"."state" <> 'sent' or "store_tracking_pushes"."sent_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "store_tracking_pushes" ADD CONSTRAINT "store_tracking_pushes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_tracking_pushes" ADD CONSTRAINT "store_tracking_pushes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_tracking_pushes_store_idx" ON "store_tracking_pushes" USING btree ("store_id","state");