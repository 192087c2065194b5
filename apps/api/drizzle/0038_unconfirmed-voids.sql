-- A payment Gallop closed (replaced, or its booking cancelled or released) may have been charged
-- at the provider before the void reached it, or the void never did (docs/transactions.md).
-- The void's confirmation is recorded; reconciliation voids the others again and applies a
-- charge it finds. Payments closed before this migration have none, so each is asked once.
ALTER TABLE "payments" ADD COLUMN "void_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_unconfirmed_voids_idx" ON "payments" USING btree ("updated_at") WHERE status = 3 and failure_reason = 'voided' and void_confirmed_at is null;