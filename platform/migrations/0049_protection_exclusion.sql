-- docs/0105: player protection, part two. A time-out (24 hours to 6 weeks) or a self-exclusion
-- (6 months to permanent) the member chooses; while it lasts, and after it until the member has
-- asked to reopen, waited the merchant's cooling-off and confirmed, the account is in restricted
-- mode (withdraw, records, the protection page). The person's mobile, e-mail and payee name are
-- kept with it, so every brand of the deployment treats a member matching them as excluded too.

-- At most one open (not reopened) closure per member; a reopened one stays as history.
create table protection_exclusions (
  id bigserial primary key,
  member_id integer not null references members(id),
  merchant_id integer not null references merchants(id),
  kind text not null check (kind in ('timeout', 'self_exclusion')),
  period text not null check (period in ('24h', '7d', '30d', '6w', '6m', '1y', '3y', '5y', 'permanent')),
  started_at timestamptz not null,
  -- Null: permanent.
  ends_at timestamptz,
  -- The person, normalised (digits of the mobile, lower-case e-mail, payee name folded), for the cross-brand match.
  mobile_key text,
  email_key text,
  payee_key text,
  reopen_requested_at timestamptz,
  reopen_confirmable_at timestamptz,
  reopened_at timestamptz,
  check (ends_at is null or ends_at > started_at),
  check (reopen_confirmable_at is null or reopen_confirmable_at >= reopen_requested_at + interval '24 hours')
);
create unique index protection_exclusions_open_idx on protection_exclusions (member_id) where reopened_at is null;
create index protection_exclusions_mobile_idx on protection_exclusions (mobile_key) where reopened_at is null;
create index protection_exclusions_email_idx on protection_exclusions (email_key) where reopened_at is null;
create index protection_exclusions_payee_idx on protection_exclusions (payee_key) where reopened_at is null;

-- The merchant's cooling-off between a reopen request and its confirmation: never under 24 hours.
alter table protection_settings add column reopen_cooling_minutes integer not null default 1440
  check (reopen_cooling_minutes between 1440 and 43200);
