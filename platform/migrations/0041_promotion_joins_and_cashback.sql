-- docs/0096: promotion kinds for members. A member's opt-in to a deposit match (once per member and
-- promotion), and each cashback payment (once per promotion, member and period: the row is inserted
-- in the transaction that pays it, so a job run twice or after a crash pays nothing twice).

create table promotion_joins (
  member_id integer not null references members(id),
  promotion_id integer not null references promotions(id),
  joined_at timestamptz not null default now(),
  primary key (member_id, promotion_id)
);

create table cashback_payouts (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  promotion_id integer not null references promotions(id),
  member_id integer not null references members(id),
  period_start timestamptz not null,
  period_end timestamptz not null check (period_end > period_start),
  net_loss_minor bigint not null check (net_loss_minor > 0),
  amount_minor bigint not null check (amount_minor > 0),
  -- 'pending': above the promotion's automatic limit, waiting for a finance operator.
  state text not null check (state in ('pending', 'paid', 'rejected')),
  ledger_transaction_id bigint references ledger_transactions(id),
  decided_by integer references operators(id),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  unique (promotion_id, member_id, period_start),
  check ((state = 'paid') = (ledger_transaction_id is not null))
);
create index cashback_payouts_pending_idx on cashback_payouts (merchant_id, id) where state = 'pending';
