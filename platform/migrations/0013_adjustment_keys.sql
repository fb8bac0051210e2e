-- Issue 8 item 10: an operator's balance adjustment request carries the operator's idempotency key,
-- so a double submit (or 50 parallel ones) makes one adjustment, and the same key with another
-- member, amount or reason is refused. Keys are scoped to the requesting operator (docs/0026).
alter table balance_adjustments add column idempotency_key text;
create unique index balance_adjustments_key_idx on balance_adjustments (requested_by, idempotency_key);
create index balance_adjustments_pending_idx on balance_adjustments (merchant_id, created_at) where status = 'pending';
