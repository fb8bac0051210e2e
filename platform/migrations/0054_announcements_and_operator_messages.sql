-- docs/0112: announcements with a publication time and an audience, and the operator's messages
-- (a broadcast to every member or a message to one), in EN and BN, each delivered at its send time.

-- A notice is an announcement: shown from published_at (a later time schedules it), to members and
-- agents ('all': the home marquee and the member list) or to agents only (the agent centre's page).
alter table notices add column published_at timestamptz not null default now();
alter table notices add column audience text not null default 'all' check (audience in ('all', 'agents'));
create index notices_published_idx on notices (merchant_id, published_at desc, id desc);

-- An operator's message: member_id null is a broadcast to every real member whose account existed
-- at deliver_at, else one member's. Members see it from deliver_at on (a query-time filter: no job
-- has to run for it to be delivered exactly then). Its id comes from member_messages' sequence, so
-- one id names one message in the member's list whichever table holds it.
create table operator_messages (
  id bigint primary key default nextval('member_messages_id_seq'),
  merchant_id integer not null references merchants(id),
  member_id integer references members(id),
  title_en text not null check (length(title_en) between 1 and 200),
  title_bn text not null check (length(title_bn) between 1 and 200),
  body_en text not null check (length(body_en) between 1 and 2000),
  body_bn text not null check (length(body_bn) between 1 and 2000),
  deliver_at timestamptz not null,
  created_at timestamptz not null default now(),
  operator_id integer not null references operators(id),
  -- The console's submission key: a second send of the same form is the first one.
  request_key text not null check (length(request_key) between 8 and 64),
  unique (merchant_id, request_key)
);
create index operator_messages_broadcast_idx on operator_messages (merchant_id, deliver_at) where member_id is null;
create index operator_messages_member_idx on operator_messages (member_id, deliver_at) where member_id is not null;

-- When a member first opened an operator's message (a broadcast has one row per member who read it).
create table operator_message_reads (
  message_id bigint not null references operator_messages(id) on delete cascade,
  member_id integer not null references members(id),
  read_at timestamptz not null,
  primary key (message_id, member_id)
);
create index operator_message_reads_member_idx on operator_message_reads (member_id);
