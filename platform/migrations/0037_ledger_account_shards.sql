-- docs/0089: an account with no floor (member_id is null: deposit clearing, withdrawal payout, a game
-- vendor's account, bonus expense, adjustment, house) keeps its balance in shard rows, so that transfers
-- touching it do not queue on one row lock until each commits. Its balance is its row's balance_minor
-- (what it held before this migration) plus the sum of its shards; a transfer moves one shard, picked
-- by the transaction id (consecutive transactions, which run at the same time, take different shards).
-- A member's account keeps one row: its CHECK (never below zero) needs the whole balance in one place.
create table ledger_account_shards (
  account_id integer not null references ledger_accounts(id),
  shard smallint not null,
  balance_minor bigint not null default 0,
  primary key (account_id, shard)
);

-- An account's balance, its shards summed: what every reader of a balance reads.
create view ledger_balances as
select a.id as account_id, (a.balance_minor + coalesce((select sum(s.balance_minor) from ledger_account_shards s where s.account_id = a.id), 0))::bigint as balance_minor
from ledger_accounts a;

-- (account_id, created_at, id) serves every lookup by account_id alone: one index fewer per entry.
drop index ledger_entries_account_idx;

-- The transfer of migration 0033 with its steps and lock order unchanged (docs/0080): accounts known
-- and of one merchant, the keyed transaction row, both balances with the lower account id first (for
-- an account kept in shards, its one shard row: still in account id order), both entries. An entry of
-- an account kept in shards carries no balance after it, and the function answers none for it (null):
-- its balance is the sum of every shard, which other transactions are moving at the same time.
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
  v_accounts integer;
  v_merchant integer;
  v_other_merchant integer;
  v_hash text;
  v_sharded boolean[];
  v_account integer;
  v_delta bigint;
  v_balance bigint;
  v_shard smallint;
  i integer;
begin
  created := false;
  select count(*), min(merchant_id), max(merchant_id),
         array[bool_or(id = least(p_from, p_to) and member_id is null), bool_or(id = greatest(p_from, p_to) and member_id is null)]
    into v_accounts, v_merchant, v_other_merchant, v_sharded
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
    if not v_sharded[case when p_from < p_to then 1 else 2 end] then
      select a.balance_minor into from_balance from ledger_accounts a where a.id = p_from;
    end if;
    if not v_sharded[case when p_to < p_from then 1 else 2 end] then
      select a.balance_minor into to_balance from ledger_accounts a where a.id = p_to;
    end if;
    return;
  end if;

  v_shard := transaction_id % 16;
  for i in 1..2 loop
    v_account := case when i = 1 then least(p_from, p_to) else greatest(p_from, p_to) end;
    v_delta := case when v_account = p_from then -p_amount else p_amount end;
    v_balance := null;
    if v_sharded[i] then
      update ledger_account_shards s set balance_minor = s.balance_minor + v_delta where s.account_id = v_account and s.shard = v_shard;
      if not found then
        insert into ledger_account_shards as s (account_id, shard, balance_minor) values (v_account, v_shard, v_delta)
          on conflict (account_id, shard) do update set balance_minor = s.balance_minor + excluded.balance_minor;
      end if;
    else
      update ledger_accounts a set balance_minor = a.balance_minor + v_delta where a.id = v_account returning a.balance_minor into v_balance;
    end if;
    if v_account = p_from then
      from_balance := v_balance;
    else
      to_balance := v_balance;
    end if;
  end loop;
  insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor)
    values (transaction_id, p_from, -p_amount, from_balance), (transaction_id, p_to, p_amount, to_balance);
  created := true;
end $$;
