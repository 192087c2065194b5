-- Decision 184. A payment of nothing credits nothing and moves no status: refused from now on.
-- NOT VALID: payments stored before are not rechecked (one of 0 may exist from before the fix).
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0) NOT VALID;
