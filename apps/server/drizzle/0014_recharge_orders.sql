CREATE SEQUENCE "public"."recharge_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"recharge_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "recharge_method_rules" (
	"method" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"percent_hundredths" integer NOT NULL,
	"base_minor" bigint NOT NULL,
	"fixed_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"state" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"provider_reference" text,
	"provider_capture_id" text,
	"slip_file" text,
	"slip_file_name" text,
	"slip_content_type" text,
	"slip_size" integer,
	"slip_uploaded_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"operator_note" text DEFAULT '' NOT NULL,
	"close_reason" text,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_provider_events" ADD CONSTRAINT "payment_provider_events_recharge_id_recharge_orders_id_fk" FOREIGN KEY ("recharge_id") REFERENCES "public"."recharge_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_number_key" ON "recharge_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recharge_orders_state_idx" ON "recharge_orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_provider_ref_key" ON "recharge_orders" USING btree ("method","provider_reference") WHERE "recharge_orders"."provider_reference" is not null;--> statement-breakpoint
-- Hand-written: the fee rules start as the contract's DEFAULT_FEE_RULES (SPEC §9; decision 0074).
INSERT INTO "recharge_method_rules" ("method", "enabled", "percent_hundredths", "base_minor", "fixed_minor") VALUES
  ('paypal', true, 440, 0, 30),
  ('card', true, 290, 50, 50),
  ('bank', true, 0, 0, 0)
ON CONFLICT DO NOTHING;
