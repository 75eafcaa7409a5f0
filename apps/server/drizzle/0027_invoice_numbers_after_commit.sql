ALTER TABLE "invoices" ALTER COLUMN "sequence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_unnumbered_idx" ON "invoices" USING btree ("issued_at","id") WHERE "invoices"."number" is null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_numbered_whole" CHECK (("invoices"."sequence" is null) = ("invoices"."number" is null));