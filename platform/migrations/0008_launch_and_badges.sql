-- Issue 6 item 9: launches a new user hits, and header badges backed by real rows.

-- A visitor's free-trial launch (SPEC §6) has no member: its ticket belongs to nobody.
alter table launch_tickets alter column member_id drop not null;
-- Only free play may be launched without a member.
alter table launch_tickets add constraint launch_tickets_member_or_free
  check (member_id is not null or account_type = 0);
-- Lottery launch fields applied to the game page (SPEC §3 Lottery launch); null for other games.
alter table launch_tickets add column lotto_prize_mode text;
alter table launch_tickets add column lotto_view text check (lotto_view in ('betting', 'lobby'));
alter table launch_tickets add column back_url text;

-- The badge counts were seeded numbers with nothing behind them. They are now counted from these
-- rows; both stay empty until the messages and promotions features write to them.
alter table members drop column unread_messages;
alter table members drop column available_promo_count;

create table member_messages (
  id bigserial primary key,
  member_id integer not null references members(id),
  title text not null,
  body text not null,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index member_messages_unread_idx on member_messages (member_id) where read_at is null;

-- A promotion offered to a member; unclaimed while claimed_at is null (SPEC §2 header count).
create table member_promotions (
  member_id integer not null references members(id),
  promotion_id integer not null references promotions(id),
  offered_at timestamptz not null default now(),
  claimed_at timestamptz,
  primary key (member_id, promotion_id)
);
