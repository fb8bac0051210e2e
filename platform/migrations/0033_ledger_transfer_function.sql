-- docs/0080: a ledger transfer is one statement from the platform, `select * from wl_ledger_transfer(...)`,
-- instead of five (accounts read, transaction insert, two balance updates, entries insert) and the
-- callers' read-backs of both balances. The same steps in the same order as before, inside the
-- database: both accounts known and of one merchant; the transaction row keyed by (merchant, owner,
-- key), whose unique index makes a concurrent holder of the key wait and a replay answer the first
-- transaction (or key_reused for another request); then both balances, the lower account id first
-- (one lock order, whatever the direction of the money); then both entries. A member account below
-- zero fails the CHECK of ledger_accounts (23514) and the caller's transaction rolls back; the other
-- refusals are answered in `refusal` and write nothing. Each statement of a plpgsql function reads
-- with a new snapshot, so after waiting for a key's first holder the replay sees its row.
create function wl_ledger_transfer(
  p_from integer,
  p_to integer,
  p_amount bigint,
  p_owner_kind text,
  p_owner_id integer,
  p_key text,
  p_hash text,
  p_kind text,
  p_meta jsonb,
  out transaction_id bigint,
  out created boolean,
  out refusal text,
  out from_balance bigint,
  out to_balance bigint
) language plpgsql as $$
declare
  v_accounts integer;
  v_merchant integer;
  v_other_merchant integer;
  v_hash text;
  v_low bigint;
  v_high bigint;
begin
  created := false;
  select count(*), min(merchant_id), max(merchant_id) into v_accounts, v_merchant, v_other_merchant
    from ledger_accounts where id in (p_from, p_to);
  if v_accounts <> 2 or v_merchant <> v_other_merchant then
    refusal := 'unknown_account';
    return;
  end if;

  insert into ledger_transactions as t (merchant_id, owner_kind, owner_id, idempotency_key, request_hash, kind, meta)
    values (v_merchant, p_owner_kind, p_owner_id, p_key, p_hash, p_kind, p_meta)
    on conflict (merchant_id, owner_kind, owner_id, idempotency_key) do nothing
    returning t.id into transaction_id;
  if transaction_id is null then
    select t.id, t.request_hash into transaction_id, v_hash from ledger_transactions t
      where t.merchant_id = v_merchant and t.owner_kind = p_owner_kind and t.owner_id = p_owner_id and t.idempotency_key = p_key;
    if v_hash <> p_hash then
      transaction_id := null;
      refusal := 'key_reused';
      return;
    end if;
    select a.balance_minor into from_balance from ledger_accounts a where a.id = p_from;
    select a.balance_minor into to_balance from ledger_accounts a where a.id = p_to;
    return;
  end if;

  update ledger_accounts a set balance_minor = a.balance_minor + (case when a.id = p_from then -p_amount else p_amount end)
    where a.id = least(p_from, p_to) returning a.balance_minor into v_low;
  update ledger_accounts a set balance_minor = a.balance_minor + (case when a.id = p_from then -p_amount else p_amount end)
    where a.id = greatest(p_from, p_to) returning a.balance_minor into v_high;
  if p_from < p_to then
    from_balance := v_low;
    to_balance := v_high;
  else
    from_balance := v_high;
    to_balance := v_low;
  end if;
  insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor)
    values (transaction_id, p_from, -p_amount, from_balance), (transaction_id, p_to, p_amount, to_balance);
  created := true;
end $$;
