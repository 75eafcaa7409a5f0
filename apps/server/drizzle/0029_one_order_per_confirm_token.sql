ALTER TABLE "order_pay_by" ADD COLUMN "confirm_sig" text;--> statement-breakpoint
ALTER TABLE "order_pay_by" ADD COLUMN "within_hold_cap" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pay_by" ADD CONSTRAINT "order_pay_by_confirm_sig" UNIQUE("confirm_sig");--> statement-breakpoint
ALTER TABLE "order_pay_by" ADD CONSTRAINT "order_pay_by_hold_cap" CHECK ("order_pay_by"."within_hold_cap");