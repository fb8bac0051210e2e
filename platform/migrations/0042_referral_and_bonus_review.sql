-- docs/0097: member referral, and the abuse controls of bonuses.

-- A member's own referral code (not the username; random, created at registration or on first use)
-- and when a mobile number was proved by a code (registration with the SMS code, or a binding).
alter table members add column referral_code text check (referral_code is null or referral_code ~ '^[A-Z2-9]{8}$');
create unique index members_referral_code_idx on members (merchant_id, referral_code) where referral_code is not null;
alter table members add column mobile_verified_at timestamptz;

-- One row per referred friend (a friend has one referrer, ever). `pending` until the conditions are
-- met (then `paid`, once: the state moves in the transaction that pays, under the key
-- referral:<id>) or the friend is found not eligible (`refused`, with the reason: a shared identity
-- with the referrer, or the window passed).
create table referrals (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  referrer_id integer not null references members(id),
  friend_id integer not null unique references members(id),
  state text not null default 'pending' check (state in ('pending', 'paid', 'refused')),
  reason text check (reason is null or reason in ('mobile', 'email', 'payee_name', 'ip_range', 'window_passed')),
  promotion_id integer references promotions(id),
  reward_minor bigint check (reward_minor is null or reward_minor > 0),
  transaction_id bigint references ledger_transactions(id),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  check (referrer_id <> friend_id),
  check ((state = 'paid') = (transaction_id is not null)),
  check ((state = 'refused') = (reason is not null))
);
create index referrals_referrer_idx on referrals (referrer_id, id desc);
create index referrals_pending_idx on referrals (merchant_id, id) where state = 'pending';

-- A bonus held before it is paid: the member looks linked to another (same IP range), so a finance
-- operator approves (it activates) or rejects (it lapses). The award stays offered meanwhile.
alter table bonus_awards add column held boolean not null default false;
create table bonus_reviews (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  award_id bigint not null unique references bonus_awards(id),
  member_id integer not null references members(id),
  -- What linked it: the shared range and the other members' ids.
  reason text not null check (length(reason) between 1 and 500),
  linked_member_ids jsonb not null,
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected')),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  operator_id integer references operators(id),
  check ((state = 'pending') = (decided_at is null))
);
create index bonus_reviews_pending_idx on bonus_reviews (merchant_id, id) where state = 'pending';
-- An address's network: /24 for IPv4 (an IPv4-mapped IPv6 address counts as IPv4), /64 for IPv6;
-- null for what is not an address ('system') and for loopback, which is never a member's network
-- (every test and the local demo come from it).
create function ip_range(ip text) returns text language plpgsql immutable strict as $$
declare a inet;
begin
  a := regexp_replace(ip, '^::ffff:([0-9.]+)$', '\1', 'i')::inet;
  if a << '127.0.0.0/8'::inet or a = '::1'::inet then return null; end if;
  if family(a) = 4 then return network(set_masklen(a, 24))::text; end if;
  return network(set_masklen(a, 64))::text;
exception when others then return null;
end $$;
-- Who signed in from where, by range and by member, over a recent window.
create index auth_events_member_time_idx on auth_events (member_id, created_at) where member_id is not null;
create index auth_events_ip_range_idx on auth_events (ip_range(ip), created_at) where member_id is not null;
