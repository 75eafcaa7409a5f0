CREATE SEQUENCE "public"."after_sales_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "after_sales_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sales_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"order_total_minor" bigint NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"amount_minor" bigint,
	"refunded_minor" bigint,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reject_reason" text,
	"carrier" text,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sales_amounts" CHECK (("after_sales_requests"."kind" = 'refund' and "after_sales_requests"."amount_minor" > 0) or ("after_sales_requests"."kind" = 'reshipment' and "after_sales_requests"."amount_minor" is null and "after_sales_requests"."refunded_minor" is null)),
	CONSTRAINT "after_sales_refunded" CHECK ("after_sales_requests"."state" <> 'refunded' or ("after_sales_requests"."refunded_minor" > 0 and "after_sales_requests"."refunded_minor" <= "after_sales_requests"."amount_minor")),
	CONSTRAINT "after_sales_rejected_reason" CHECK ("after_sales_requests"."state" <> 'rejected' or "after_sales_requests"."reject_reason" is not null),
	CONSTRAINT "after_sales_reshipped_tracking" CHECK ("after_sales_requests"."state" <> 'reshipped' or ("after_sales_requests"."carrier" is not null and "after_sales_requests"."tracking_number" is not null)),
	CONSTRAINT "after_sales_images" CHECK (jsonb_array_length("after_sales_requests"."images") <= 5)
);
--> statement-breakpoint
ALTER TABLE "after_sales_events" ADD CONSTRAINT "after_sales_events_request_id_after_sales_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."after_sales_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales_requests" ADD CONSTRAINT "after_sales_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales_requests" ADD CONSTRAINT "after_sales_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sales_events_request_idx" ON "after_sales_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_number_key" ON "after_sales_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "after_sales_user_idx" ON "after_sales_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sales_state_idx" ON "after_sales_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_open_per_order" ON "after_sales_requests" USING btree ("order_id") WHERE "after_sales_requests"."state" in ('requested', 'approved');