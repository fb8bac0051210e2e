-- docs/0131: several brands on one deployment. A gateway resolves each request's merchant from the
-- host name the browser asked for: a host belongs to at most one merchant (the primary key), stored
-- lower case without a port. A merchant with no host is reached only as the deployment's default
-- (MERCHANT_CODE). Each brand has a palette of the web's fixed set (never free colours: each palette
-- is checked for contrast in both themes).
create table merchant_hosts (
  host text primary key check (host = lower(host) and length(host) between 1 and 253 and host ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$'),
  merchant_id integer not null references merchants (id),
  created_at timestamptz not null default now()
);
create index merchant_hosts_merchant on merchant_hosts (merchant_id);

alter table merchants add column palette text not null default 'gold' check (palette in ('gold', 'emerald', 'ruby'));
