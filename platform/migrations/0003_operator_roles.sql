-- Issue 6: operators are not members. Roles (permissions in platform/src/access/permissions.ts),
-- an optional authenticator, login throttling like members, and an audit log of every mutation.

alter table operators add column role text not null default 'owner'
  check (role in ('owner', 'finance', 'support', 'content'));
-- Like members' TOTP: the secret must be readable to check codes; it is never answered after setup.
alter table operators add column totp_secret text;
alter table operators add column totp_pending_secret text;
alter table operators add column totp_last_counter bigint;

-- Failed operator logins per username; the count is raised by one upsert that also sets the lock,
-- so parallel guesses cannot read the same count (docs/0010).
create table operator_login_throttle (
  merchant_id integer not null references merchants(id),
  username_key text not null,
  failures integer not null,
  window_started_at timestamptz not null,
  locked_until timestamptz,
  primary key (merchant_id, username_key)
);

-- config_audit becomes the log of every operator mutation: who (id and username at the time), from
-- which IP, and the state before and after. Mutations that do not touch the config (an operator's
-- authenticator) have no config_version.
alter table config_audit add column operator_username text not null default '';
alter table config_audit add column ip text not null default '';
alter table config_audit add column before jsonb;
alter table config_audit add column after jsonb;
alter table config_audit alter column config_version drop not null;
create index config_audit_merchant_idx on config_audit (merchant_id, created_at, id);
