-- docs/0066: four eyes that one person cannot pass.
-- Rolling 24-hour limits on what one operator may adjust alone, and on what one member may be
-- adjusted by operators alone; above either, an adjustment waits for a second operator even when
-- each piece is below the per-adjustment threshold (splitting no longer passes).
alter table merchants add column adjustment_daily_operator_minor bigint not null default 5000000 check (adjustment_daily_operator_minor >= 0); -- ৳50,000.00
alter table merchants add column adjustment_daily_member_minor bigint not null default 2000000 check (adjustment_daily_member_minor >= 0);     -- ৳20,000.00
-- A member's deposits one operator may approve alone in any 24 hours; above, a second operator approves.
alter table merchants add column deposit_four_eyes_minor bigint not null default 2000000 check (deposit_four_eyes_minor >= 0);                 -- ৳20,000.00
create index balance_adjustments_solo_operator_idx on balance_adjustments (requested_by, decided_at) where status = 'applied' and approved_by is null;
create index balance_adjustments_solo_member_idx on balance_adjustments (member_id, decided_at) where status = 'applied' and approved_by is null;

-- A deposit that needs two operators keeps its first approver until a different one approves it.
alter table deposits add column first_approved_by integer references operators(id);
alter table deposits add column first_approved_at timestamptz;
alter table deposits add constraint deposits_second_approver_check
  check (status <> 'approved' or first_approved_by is null or decided_by is null or decided_by <> first_approved_by);

-- A change of the four-eyes limits or the channels waits for a second owner (never its author).
create table money_setting_changes (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  -- The changed fields (a partial money settings request) and their values when it was asked for.
  change jsonb not null,
  before jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'applied', 'rejected')),
  requested_by integer not null references operators(id),
  decided_by integer references operators(id),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  check (decided_by is null or decided_by <> requested_by)
);
create index money_setting_changes_pending_idx on money_setting_changes (merchant_id, id) where status = 'pending';
