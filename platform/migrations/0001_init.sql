-- Initial schema of the embedded reference upstream (SPEC §3 entities, DESIGN.md platform).

create table merchants (
  id serial primary key,
  code text not null unique,
  name text not null,
  currency text not null,
  currency_symbol text not null,
  maintenance boolean not null default false,
  region_restriction boolean not null default false,
  config_version integer not null default 1,
  domain_route text not null default '',
  main_domain text not null default '',
  gtag_id text not null default '',
  image_cdns jsonb not null default '[]',
  launch_game_cdns jsonb not null default '[]',
  min_age integer not null default 18,
  sms_expired_minutes integer not null default 2,
  default_country_dialing_code text not null default '',
  created_at timestamptz not null default now()
);

create table whitelabel_nodes (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  parent_id integer references whitelabel_nodes(id),
  mod_id text not null,
  name text not null,
  enabled boolean not null,
  sort integer not null default 0,
  unique (merchant_id, mod_id)
);

create table registration_fields (
  merchant_id integer not null references merchants(id),
  field text not null,
  enabled boolean not null,
  required boolean not null,
  sort integer not null default 0,
  primary key (merchant_id, field)
);

create table validation_rules (
  merchant_id integer not null references merchants(id),
  field text not null,
  accepted_pattern text not null,
  min_length integer not null,
  max_length integer not null,
  pattern_id text not null,
  primary key (merchant_id, field)
);

create table countries (
  merchant_id integer not null references merchants(id),
  country_code text not null,
  country_dialing_code text not null,
  sort integer not null default 0,
  primary key (merchant_id, country_code)
);

create table customer_service (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  cs_type text not null,
  path text not null,
  sort integer not null default 0
);

create table resources (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  resource_type text not null,
  label_name_en text not null,
  url text not null,
  sort integer not null default 0
);

create table vendors (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  vassalage text not null,
  game_type text not null,
  name text not null,
  is_game text not null check (is_game in ('VASSALAGE', 'GAME')),
  sort integer not null default 0,
  unique (merchant_id, vassalage)
);

create table games (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  vendor_id integer not null references vendors(id),
  node_id text not null,
  game_code text not null,
  game_type text not null,
  vassalage text not null,
  name_en text not null,
  name_bn text not null,
  has_free_trial boolean not null default true,
  is_hot boolean not null default false,
  sort integer not null default 0,
  unique (merchant_id, node_id)
);
create index games_filter_idx on games (merchant_id, game_type, vassalage, sort);
create index games_hot_idx on games (merchant_id) where is_hot;

create table banners (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  group_name text not null,
  title_en text not null,
  title_bn text not null,
  url text not null,
  linkage_type text not null check (linkage_type in ('INTERNAL', 'EXTERNAL', 'NONE')),
  sort integer not null default 0
);

create table notices (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  title_en text not null,
  title_bn text not null,
  content_en text not null,
  content_bn text not null,
  sort integer not null default 0
);

create table popups (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  title_en text not null,
  title_bn text not null,
  content_en text not null,
  content_bn text not null,
  promotion_type text not null,
  execution text not null check (execution in ('A', 'B', 'F')),
  sort integer not null default 0
);

create table promotions (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  title_en text not null,
  title_bn text not null,
  promotion_type text not null,
  sort integer not null default 0
);

create table winners (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  game_id integer not null references games(id),
  customer_name text not null,
  win_amount_minor bigint not null check (win_amount_minor >= 0),
  sort integer not null default 0
);

create table members (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  username text not null,
  nickname text not null,
  password_hash text not null,
  type integer not null,
  upline_id integer references members(id),
  vip_label text not null default '',
  vip_rank integer not null default 0,
  unread_messages integer not null default 0,
  available_promo_count integer not null default 0,
  first_time_login boolean not null default true,
  password_expires_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index members_username_idx on members (merchant_id, lower(username));

create table operators (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  username text not null,
  name text not null,
  password_hash text not null,
  created_at timestamptz not null default now()
);
create unique index operators_username_idx on operators (merchant_id, lower(username));

-- Sessions keep only the sha256 of the token; the token itself is returned once at login.
create table sessions (
  id serial primary key,
  member_id integer not null references members(id),
  token_hash text not null unique,
  ip text not null default '',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create table operator_sessions (
  id serial primary key,
  operator_id integer not null references operators(id),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create table captchas (
  id text primary key,
  merchant_id integer not null references merchants(id),
  answer_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Failed-login counter per username key (known or not), so unknown and known usernames answer alike.
create table login_throttle (
  merchant_id integer not null references merchants(id),
  username_key text not null,
  failures integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (merchant_id, username_key)
);

create table auth_events (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer references members(id),
  operator_id integer references operators(id),
  username text not null,
  kind text not null,
  ip text not null default '',
  created_at timestamptz not null default now()
);

create table favourites (
  member_id integer not null references members(id),
  game_id integer not null references games(id),
  created_at timestamptz not null default now(),
  primary key (member_id, game_id)
);

create table launch_tickets (
  ticket_hash text primary key,
  member_id integer not null references members(id),
  game_id integer not null references games(id),
  account_type integer not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create table config_audit (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  operator_id integer references operators(id),
  action text not null,
  detail jsonb not null,
  config_version integer not null,
  created_at timestamptz not null default now()
);

-- Double-entry ledger: every transaction's entries sum to zero; a wallet's balance is the sum of
-- its entries, cached in balance_minor so the CHECK can refuse overdrafts inside the transaction.
create table ledger_accounts (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer references members(id),
  kind text not null check (kind in ('member_wallet', 'house')),
  currency text not null,
  balance_minor bigint not null default 0,
  constraint ledger_accounts_member_wallet_not_negative check (kind <> 'member_wallet' or balance_minor >= 0),
  unique (merchant_id, member_id, kind)
);
create unique index ledger_accounts_house_idx on ledger_accounts (merchant_id) where kind = 'house';

create table ledger_transactions (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  idempotency_key text not null unique,
  kind text not null,
  created_at timestamptz not null default now()
);

create table ledger_entries (
  id bigserial primary key,
  transaction_id bigint not null references ledger_transactions(id),
  account_id integer not null references ledger_accounts(id),
  amount_minor bigint not null check (amount_minor <> 0),
  created_at timestamptz not null default now()
);
create index ledger_entries_account_idx on ledger_entries (account_id);
