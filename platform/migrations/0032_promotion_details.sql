-- docs/0084: a promotion as the promotions page shows it: its category, its period and its rules in
-- both languages. Rows from before get the EVENT category, a period that began when this ran and
-- has no end, and empty rules; new rows must say all of them (the defaults are dropped below).
alter table promotions add column category text not null default 'EVENT'
  check (category in ('NEW_MEMBER', 'DEPOSIT', 'REBATE', 'VIP', 'REFERRAL', 'EVENT'));
alter table promotions add column starts_at timestamptz not null default now();
-- Null: no end date (the promotion runs until the operator ends it).
alter table promotions add column ends_at timestamptz check (ends_at is null or ends_at > starts_at);
alter table promotions add column rules_en text not null default '' check (length(rules_en) <= 5000);
alter table promotions add column rules_bn text not null default '' check (length(rules_bn) <= 5000);
alter table promotions alter column category drop default;
alter table promotions alter column starts_at drop default;
alter table promotions alter column rules_en drop default;
alter table promotions alter column rules_bn drop default;
-- The page lists a merchant's promotions that have not ended, in the operator's order.
create index promotions_merchant_sort_idx on promotions (merchant_id, sort);
