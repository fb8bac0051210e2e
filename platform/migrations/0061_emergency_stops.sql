-- docs/0122: the owner's emergency switch. One row per stopped part of a merchant: 'gaming' (every
-- new launch and bet refused; rounds in flight settle) or 'money' (every deposit, withdrawal,
-- transfer and conversion to cash refused). No row: the part runs. Lifting deletes the row; the
-- operator audit log keeps both changes with their reasons.
create table emergency_stops (
  merchant_id integer not null references merchants(id),
  part text not null check (part in ('gaming', 'money')),
  reason text not null check (length(reason) between 1 and 500),
  operator_id integer not null,
  operator_username text not null,
  set_at timestamptz not null,
  primary key (merchant_id, part)
);
