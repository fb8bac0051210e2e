-- docs/0109: the help centre's texts, written by the operator's content role. One row per merchant,
-- section, language and device (SPEC §7: the help-centre call sends lang and device); a device
-- without its own text for a section is served the WEB one. Plain text, bounded as the call bounds it.
create table help_sections (
  merchant_id integer not null references merchants(id),
  section text not null check (section in ('about', 'news', 'guide', 'install', 'responsible')),
  language text not null check (language in ('en', 'bn')),
  device text not null check (device in ('WEB', 'MOBILE')),
  title text not null check (length(title) between 1 and 120),
  body text not null check (length(body) between 1 and 20000),
  updated_at timestamptz not null default now(),
  -- Null: the seeded text, never edited in the console.
  updated_by integer references operators(id),
  primary key (merchant_id, section, language, device)
);
