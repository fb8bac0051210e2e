-- docs/0117: the chat room, one lobby per merchant. Members' messages (1 to 300 characters, no
-- control characters: the schema refuses them before here), hidden by an operator with a reason
-- (deleted_at/by, never removed), the room closed or opened, and members muted until an instant.

create table chat_messages (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  text text not null check (char_length(text) between 1 and 300),
  created_at timestamptz not null,
  deleted_at timestamptz,
  deleted_by integer,
  delete_reason text check (delete_reason is null or length(delete_reason) between 1 and 500)
);
-- History pages backwards from the newest visible message.
create index chat_messages_page on chat_messages (merchant_id, id desc) where deleted_at is null;

-- One row per merchant whose room an operator closed or reopened; no row: open.
create table chat_rooms (
  merchant_id integer primary key references merchants(id),
  open boolean not null,
  reason text not null check (length(reason) between 1 and 500),
  operator_id integer,
  set_at timestamptz not null
);

-- One row per muted member (the latest mute replaces the one before; until <= now: lifted).
create table chat_mutes (
  member_id integer primary key references members(id),
  merchant_id integer not null references merchants(id),
  until timestamptz not null,
  reason text not null check (length(reason) between 1 and 500),
  operator_id integer,
  set_at timestamptz not null
);
create index chat_mutes_merchant on chat_mutes (merchant_id, until);
