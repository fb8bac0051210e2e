-- docs/0123: operator change sets and versions of the merchant's configuration (the console's
-- switches, maintenance, region rule, login security thresholds, agent limits).
-- A change set is a draft of field changes (`changes`, field -> value) with each field's value when
-- it was first drafted (`base`): a publish refuses when a field it touches is no longer at its base.
-- `revision` rises with every edit; an approval counts only for the revision it names.
create table config_change_sets (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  author_id integer not null references operators(id),
  status text not null default 'draft' check (status in ('draft', 'published', 'discarded')),
  changes jsonb not null,
  base jsonb not null,
  revision integer not null default 1 check (revision > 0),
  -- A restore of this version number (docs/0123): the changes make the configuration equal to it.
  restore_of integer,
  -- Scheduled: the job publishes it at this time with this comment, once; `blocked` lists the fields
  -- it found changed since the draft (then it waits for a person).
  publish_at timestamptz,
  comment text check (comment is null or length(comment) between 1 and 500),
  blocked jsonb,
  version_number integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'published') = (version_number is not null))
);
create index config_change_sets_open_idx on config_change_sets (merchant_id, status);
create index config_change_sets_due_idx on config_change_sets (publish_at) where status = 'draft' and publish_at is not null;

-- One approval per operator and change set, of the revision it saw; an edit deletes them all.
create table config_change_approvals (
  change_set_id integer not null references config_change_sets(id),
  operator_id integer not null references operators(id),
  revision integer not null,
  created_at timestamptz not null default now(),
  primary key (change_set_id, operator_id)
);

-- Every change of the configuration is a version: the whole configuration after it, and the
-- field-level diff from the one before. Version 1 of a merchant is the configuration found before
-- the first change (kind 'initial', author null). A direct change (a console setter, kind 'direct')
-- keeps its audit action as the comment; a publish (kind 'publish') its operator's comment and change set.
create table config_versions (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  number integer not null check (number > 0),
  config jsonb not null,
  diff jsonb not null,
  kind text not null check (kind in ('initial', 'direct', 'publish')),
  comment text not null check (length(comment) <= 500),
  author_id integer references operators(id),
  approved_by integer references operators(id),
  change_set_id integer references config_change_sets(id),
  restored_from integer,
  created_at timestamptz not null default now(),
  unique (merchant_id, number),
  unique (change_set_id)
);
