-- Issue 8 item 8: every security-centre change (withdraw password set or changed, bank account
-- bound, mobile or email bound) is kept here, and the member sees the latest few. Append only.
create table member_audit (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  action text not null check (length(action) between 1 and 64),
  detail text not null default '' check (length(detail) <= 200),
  ip text not null default '',
  created_at timestamptz not null default now()
);
create index member_audit_member_idx on member_audit (member_id, created_at desc);
