-- docs/0092: the transfer of migrations 0033 and 0037 in three statements where it sent five (accounts
-- read, transaction insert, two balance moves, entries insert). Each statement of a plpgsql function
-- costs its own executor start, snapshot and end; on PGlite that was most of a transfer. The steps,
-- their order and their locks are those of 0037 (docs/0080):
--   1. both accounts known, distinct and of one merchant (else `unknown_account`, nothing written),
--      and the transaction row keyed by (merchant, owner, key), in one statement: the insert reads the
--      accounts it was checked against; a concurrent holder of the key makes it wait, and a replay
--      then reads the first transaction with a statement (and a snapshot) of its own, as before;
--   2. the lower account id's balance (its row, or for an account with no member its shard row);
--   3. the higher one's, and both entries with the balance each member account left, in one
--      statement: the entries are inserted from the moved row, so after it.
-- An account with no member moves one shard row (`insert … on conflict do update`: the row when it is
-- there, created the first time), a member's account its one row, whose CHECK refuses an overdraft
-- (23514). Nothing else changes: what the function answers, its refusals, its signature.
create or replace function wl_ledger_transfer(
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
  v_merchant integer;
  v_hash text;
  v_from_sharded boolean;
  v_to_sharded boolean;
  v_low integer := least(p_from, p_to);
  v_high integer := greatest(p_from, p_to);
  v_low_balance bigint;
  v_high_balance bigint;
begin
  created := false;
  with accounts as (
    select f.merchant_id, f.member_id is null as from_sharded, t.member_id is null as to_sharded
      from ledger_accounts f join ledger_accounts t on t.id = p_to and t.merchant_id = f.merchant_id
      where f.id = p_from and p_from <> p_to
  ), inserted as (
    insert into ledger_transactions as x (merchant_id, owner_kind, owner_id, idempotency_key, request_hash, kind, meta)
      select a.merchant_id, p_owner_kind, p_owner_id, p_key, p_hash, p_kind, p_meta from accounts a
      on conflict (merchant_id, owner_kind, owner_id, idempotency_key) do nothing
      returning x.id
  )
  select a.merchant_id, a.from_sharded, a.to_sharded, (select i.id from inserted i)
    into v_merchant, v_from_sharded, v_to_sharded, transaction_id
    from accounts a;
  if v_merchant is null then
    refusal := 'unknown_account';
    return;
  end if;

  if transaction_id is null then
    select x.id, x.request_hash into transaction_id, v_hash from ledger_transactions x
      where x.merchant_id = v_merchant and x.owner_kind = p_owner_kind and x.owner_id = p_owner_id and x.idempotency_key = p_key;
    if v_hash <> p_hash then
      transaction_id := null;
      refusal := 'key_reused';
      return;
    end if;
    if not v_from_sharded then
      select a.balance_minor into from_balance from ledger_accounts a where a.id = p_from;
    end if;
    if not v_to_sharded then
      select a.balance_minor into to_balance from ledger_accounts a where a.id = p_to;
    end if;
    return;
  end if;

  if (v_low = p_from and v_from_sharded) or (v_low = p_to and v_to_sharded) then
    insert into ledger_account_shards as s (account_id, shard, balance_minor)
      values (v_low, transaction_id % 16, case when v_low = p_from then -p_amount else p_amount end)
      on conflict (account_id, shard) do update set balance_minor = s.balance_minor + excluded.balance_minor;
  else
    update ledger_accounts a set balance_minor = a.balance_minor + case when v_low = p_from then -p_amount else p_amount end
      where a.id = v_low returning a.balance_minor into v_low_balance;
  end if;

  if (v_high = p_from and v_from_sharded) or (v_high = p_to and v_to_sharded) then
    with moved as (
      insert into ledger_account_shards as s (account_id, shard, balance_minor)
        values (v_high, transaction_id % 16, case when v_high = p_from then -p_amount else p_amount end)
        on conflict (account_id, shard) do update set balance_minor = s.balance_minor + excluded.balance_minor
        returning null::bigint as balance_minor
    )
    insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor)
      select transaction_id, e.account_id, e.amount_minor, case when e.account_id = v_low then v_low_balance end
        from moved m cross join (values (p_from, -p_amount), (p_to, p_amount)) e(account_id, amount_minor);
  else
    with moved as (
      update ledger_accounts a set balance_minor = a.balance_minor + case when v_high = p_from then -p_amount else p_amount end
        where a.id = v_high returning a.balance_minor
    ), entries as (
      insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor)
        select transaction_id, e.account_id, e.amount_minor, case when e.account_id = v_low then v_low_balance else m.balance_minor end
          from moved m cross join (values (p_from, -p_amount), (p_to, p_amount)) e(account_id, amount_minor)
    )
    select m.balance_minor into v_high_balance from moved m;
  end if;

  from_balance := case when p_from = v_low then v_low_balance else v_high_balance end;
  to_balance := case when p_to = v_low then v_low_balance else v_high_balance end;
  created := true;
end $$;
