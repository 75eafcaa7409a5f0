CREATE TABLE "ledger_reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"findings" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_held_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"lock_ids" uuid[] NOT NULL,
	"shortfall_minor" bigint NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "wallet_held_payments_shortfall" CHECK ("wallet_held_payments"."shortfall_minor" > 0 and "wallet_held_payments"."shortfall_minor" <= "wallet_held_payments"."amount_minor")
);
--> statement-breakpoint
ALTER TABLE "ledger_reconciliation_findings" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_held_payments" ADD CONSTRAINT "wallet_held_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_reconciliation_runs_ran_at_idx" ON "ledger_reconciliation_runs" USING btree ("ran_at");--> statement-breakpoint
CREATE INDEX "wallet_held_payments_user_idx" ON "wallet_held_payments" USING btree ("user_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_held_payments_open_reference_key" ON "wallet_held_payments" USING btree ("reference_type","reference_id") WHERE "wallet_held_payments"."state" = 'held';--> statement-breakpoint
ALTER TABLE "ledger_reconciliation_findings" ADD CONSTRAINT "ledger_reconciliation_findings_run_id_ledger_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."ledger_reconciliation_runs"("id") ON DELETE restrict ON UPDATE no action;