-- docs/0104: player protection in the bet. Loss and stake limits are counted on the member's bets
-- and wins of the rolling window at each debit: the bets need their own (member, time) index, as
-- the wins have one (0045). A reality check interrupts play every 15, 30 or 60 minutes of a session
-- until the member acknowledges it: the merchant's default, and the member's own choice.

create index seamless_bets_member_idx on seamless_transactions (member_id, created_at) where kind = 'bet';

-- The merchant's default reality-check interval for members who never chose; null: none.
alter table protection_settings add column reality_check_minutes integer check (reality_check_minutes in (15, 30, 60));

-- A member's reality check: whether the member chose an interval (`chosen`; if not, the merchant's
-- default applies, as without a row), the interval (null: turned off) and when it was last acknowledged. Every change and acknowledgement is also appended to
-- protection_log.
create table protection_reality_checks (
  member_id integer primary key references members(id),
  merchant_id integer not null references merchants(id),
  chosen boolean not null,
  interval_minutes integer check (interval_minutes in (15, 30, 60)),
  acknowledged_at timestamptz
);
