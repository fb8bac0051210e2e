-- Issue 10 items 3 and 4 (docs/0049): agent contracts and their settlements.
-- The merchant's local time for daily, hourly and dividend periods (minutes east of UTC; the demo
-- merchant is in Bangladesh, UTC+6).
alter table merchants add column tz_offset_minutes integer not null default 360
  check (tz_offset_minutes between -840 and 840);

-- A contract: offered by an agent (upline_id) to a direct downline agent (member_id), or given by the
-- operator to a top agent (upline_id null). `terms` holds the kind's fields (schemas ZContractTerms).
-- States (SPEC §4): new → accepted | rejected; accepted → termination → terminated (or back to
-- accepted when the other side declines); a new offer withdrawn, a contract replaced by a newer one
-- its holder accepted, or one whose cap fell, ends terminated too, with its reason.
create table agent_contracts (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
  upline_id integer references members(id),
  member_id integer not null references members(id),
  state text not null default 'new' check (state in ('new', 'accepted', 'rejected', 'termination', 'terminated')),
  terms jsonb not null,
  termination_by text check (termination_by in ('upline', 'holder')),
  end_reason text check (end_reason in ('rejected', 'terminated', 'withdrawn', 'replaced', 'auto')),
  offered_at timestamptz not null default now(),
  accepted_at timestamptz,
  ended_at timestamptz,
  -- Settlement cursor: every period ending at or before it is settled (paid or worth nothing).
  settled_until timestamptz,
  check (upline_id is null or upline_id <> member_id)
);
-- Per holder and kind: one paid contract, and one offer waiting for an answer (a new offer beside a
-- paid contract renegotiates it: accepting it replaces the old one). Racing offers meet here.
create unique index agent_contracts_paid_idx on agent_contracts (member_id, kind) where state in ('accepted', 'termination');
create unique index agent_contracts_offer_idx on agent_contracts (member_id, kind) where state = 'new';
create index agent_contracts_upline_idx on agent_contracts (upline_id, kind, id desc) where upline_id is not null;
create index agent_contracts_holder_idx on agent_contracts (member_id, kind, id desc);
-- What the settlement job scans: contracts that are or were paid and may have periods left.
create index agent_contracts_due_idx on agent_contracts (settled_until) where accepted_at is not null;

-- One row per paid period of a contract: the figures it was computed from, the tier's rate, the
-- amount and its ledger transaction (keyed salary:<contract>:<period start>, docs/0026).
create table agent_contract_settlements (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  contract_id bigint not null references agent_contracts(id),
  member_id integer not null references members(id),
  kind text not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  valid_bet_minor bigint not null,
  payout_minor bigint not null,
  active_members integer not null,
  base_minor bigint not null,
  rate_bp integer not null,
  amount_minor bigint not null check (amount_minor > 0),
  transaction_id bigint not null references ledger_transactions(id),
  created_at timestamptz not null default now(),
  unique (contract_id, period_start)
);
create index agent_contract_settlements_member_idx on agent_contract_settlements (member_id, kind, period_start desc);
