-- Products name their warehouse by code; until now the codes came from a fixed list (CN, US, EU)
-- in the contract. Every code a product uses becomes (or already is) a row of the operator's
-- warehouses, so the foreign key below holds: normally all three are seeded already.
INSERT INTO "warehouses" ("code", "country", "active", "position")
SELECT DISTINCT p."warehouse",
  CASE WHEN p."warehouse" = 'EU' THEN 'DE' WHEN p."warehouse" ~ '^[A-Z]{2}$' THEN p."warehouse" ELSE 'CN' END,
  true, 100
FROM "products" p
WHERE NOT EXISTS (SELECT 1 FROM "warehouses" w WHERE w."code" = p."warehouse");--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "warehouse" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_warehouse_warehouses_code_fk" FOREIGN KEY ("warehouse") REFERENCES "public"."warehouses"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_warehouse_warehouses_code_fk" FOREIGN KEY ("warehouse") REFERENCES "public"."warehouses"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "products_warehouse_idx" ON "products" USING btree ("warehouse");--> statement-breakpoint
CREATE INDEX "skus_warehouse_idx" ON "skus" USING btree ("warehouse");