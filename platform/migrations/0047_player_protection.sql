-- docs/0102: player protection, part one. Limits a member sets on itself (deposit, loss and stake
-- over 24 hours, 7 days and 30 days, in minor units; a session's length in minutes), the merchant's
-- delay before a raise may take effect, the raises waiting for it, and an append-only log from which
-- a member's limits at any past instant are rebuilt.

-- The merchant's settings; a merchant without a row has the defaults. A raise (or a removal) never
-- takes effect sooner than 24 hours after it was asked for.
create table protection_settings (
  merchant_id integer primary key references merchants(id),
  raise_delay_minutes integer not null default 1440 check (raise_delay_minutes between 1440 and 43200)
);

-- A member's limit in force, one row per kind; no row: no limit of that kind.
create table protection_limits (
  member_id integer not null references members(id),
  kind text not null check (kind in (
    'deposit_24h', 'deposit_7d', 'deposit_30d', 'loss_24h', 'loss_7d', 'loss_30d',
    'stake_24h', 'stake_7d', 'stake_30d', 'session_minutes')),
  merchant_id integer not null references merchants(id),
  value bigint not null check (value > 0),
  set_at timestamptz not null,
  primary key (member_id, kind)
);

-- A raise or removal asked for and not yet in force: at most one per member and kind. It takes
-- effect only when the member confirms it at or after `effective_at`; `value` null removes the limit.
create table protection_pending (
  member_id integer not null references members(id),
  kind text not null,
  merchant_id integer not null references merchants(id),
  value bigint check (value is null or value > 0),
  requested_at timestamptz not null,
  effective_at timestamptz not null,
  primary key (member_id, kind),
  check (effective_at >= requested_at + interval '24 hours')
);

-- Every protection event, never changed: who (the member, its agent, an operator or the system),
-- through which channel, when, what, and the state of the limit before and after it. The later
-- parts (time-outs, self-exclusion, reality checks, operator controls) append their own kinds here.
create table protection_log (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  at timestamptz not null,
  channel text not null check (channel in ('member', 'agent', 'operator', 'system')),
  actor_id integer,
  kind text not null check (length(kind) between 1 and 40),
  limit_kind text,
  before jsonb,
  after jsonb
);
create index protection_log_member_idx on protection_log (member_id, id);

create function wl_protection_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'protection_log is append-only' using errcode = '42501';
end $$;
create trigger protection_log_no_update before update or delete on protection_log
  for each row execute function wl_protection_log_append_only();
create trigger protection_log_no_truncate before truncate on protection_log
  for each statement execute function wl_protection_log_append_only();
