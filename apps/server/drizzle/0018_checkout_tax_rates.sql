CREATE TABLE "tax_rates" (
	"country" text PRIMARY KEY NOT NULL,
	"rate_bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_bps" between 0 and 10000),
	CONSTRAINT "tax_rates_country_format" CHECK ("tax_rates"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 0083): demo tax rates, inserted once here so that a rate the operator
-- deletes stays deleted. Standard VAT / GST rates as published by each country's tax authority
-- (EU: European Commission "VAT rates" table; TR: KDV genel oran; GB: HMRC; CN: 13 % general VAT);
-- the US has no national sales tax (state taxes are out of scope): 0. Demo defaults: the operator edits them.
INSERT INTO "tax_rates" ("country", "rate_bps") VALUES
  ('FR', 2000), ('TR', 2000), ('DE', 1900), ('GB', 2000), ('CN', 1300), ('US', 0),
  ('IT', 2200), ('ES', 2100), ('NL', 2100)
ON CONFLICT DO NOTHING;
