-- Issue 3: accounts and sessions (SPEC §4 Session, Login, SMS code, Forgot password, Registration).

-- Per-merchant login security thresholds (operator-configurable, PUT /wps/operator/security).
alter table merchants add column captcha_after_failures integer not null default 2;
alter table merchants add column lock_after_failures integer not null default 3;
alter table merchants add column lock_window_minutes integer not null default 30;
alter table merchants add column lock_minutes integer not null default 30;
alter table merchants add column idle_timeout_minutes integer not null default 30;

-- Bound contact data and second factors. The TOTP secret must be readable to check codes; only
-- the platform reads it, it is never answered after setup.
alter table members add column mobile_num text;
alter table members add column country_dialing_code text;
alter table members add column email text;
alter table members add column bank_holder_name text;
alter table members add column totp_secret text;
alter table members add column totp_pending_secret text;
alter table members add column totp_last_counter bigint;
alter table members add column invitation_code text;
-- Set when a login saw the weak password 123456 (the plaintext is never kept): forces a change.
alter table members add column weak_password boolean not null default false;
create unique index members_mobile_idx on members (merchant_id, country_dialing_code, mobile_num) where mobile_num is not null;
create unique index members_invitation_idx on members (merchant_id, upper(invitation_code)) where invitation_code is not null;

alter table sessions add column must_change_password boolean not null default false;
create index sessions_member_idx on sessions (member_id);

alter table login_throttle add column locked_until timestamptz;

create table member_known_ips (
  member_id integer not null references members(id),
  ip text not null,
  last_seen_at timestamptz not null default now(),
  primary key (member_id, ip)
);

-- Remember-me tokens (24 h), stored hashed, single use: each use revokes it and issues a new one.
create table remember_tokens (
  id serial primary key,
  member_id integer not null references members(id),
  session_id integer references sessions(id),
  token_hash text not null unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index remember_tokens_member_idx on remember_tokens (member_id);

-- A login from a new IP waits here for its second factor; id_hash is sha256 of the challengeId.
create table login_challenges (
  id_hash text primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  methods jsonb not null,
  attempts integer not null default 0,
  remember_me boolean not null default false,
  must_change_password boolean not null default false,
  ip text not null default '',
  expires_at timestamptz not null,
  used_at timestamptz
);

-- SMS codes: 6 digits, stored hashed, single use, expire after merchants.sms_expired_minutes.
-- Every send is a row (also those not delivered), so the per-number throttle counts them all.
create table verification_codes (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  phone_key text not null,
  purpose text not null,
  challenge_hash text,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index verification_codes_phone_idx on verification_codes (merchant_id, phone_key, created_at);

create table sms_locks (
  merchant_id integer not null references merchants(id),
  phone_key text not null,
  locked_until timestamptz not null,
  primary key (merchant_id, phone_key)
);

create table password_resets (
  token_hash text primary key,
  member_id integer not null references members(id),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- What the embedded SmsProvider and EmailProvider deliver; the operator console reads it.
create table outbox (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  subject text not null default '',
  body text not null,
  created_at timestamptz not null default now()
);
create index outbox_recipient_idx on outbox (merchant_id, channel, recipient);

create index auth_events_username_idx on auth_events (merchant_id, lower(username), created_at);
