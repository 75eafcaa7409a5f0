-- Hand-written (decision 0078): system accounts stop caching their balance (it is the sum of
-- their lines), so the cache they kept until now is cleared before the constraint holds it at 0.
UPDATE "ledger_accounts" SET "balance_minor" = 0 WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_system_uncached" CHECK ("ledger_accounts"."user_id" is not null or "ledger_accounts"."balance_minor" = 0);
