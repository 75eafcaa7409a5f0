CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"reference" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"payment_method" text NOT NULL,
	"bill_to" jsonb NOT NULL,
	"bill_from" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"product_cost_minor" bigint NOT NULL,
	"shipping_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint NOT NULL,
	"discount_minor" bigint NOT NULL,
	"operate_amount_minor" bigint NOT NULL,
	"handling_fee_minor" bigint NOT NULL,
	"payable_minor" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"locale" text NOT NULL,
	"pdf_file" text,
	CONSTRAINT "invoices_sequence_positive" CHECK ("invoices"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_key" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reference_key" ON "invoices" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");