-- Issue 7 item 4 (docs/0021): every committed change of a merchant's config_version is announced on
-- the channel wl_config as '<schema>:<merchant id>:<version>'. A NOTIFY inside a transaction is
-- delivered only when it commits, to every session that LISTENs on the same database (other
-- platform processes on PostgreSQL; the one PGlite session itself). The schema lets listeners of
-- other schemas on the same database (tests, side-by-side installs) ignore it.
create or replace function wl_config_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('wl_config', tg_table_schema || ':' || new.id || ':' || new.config_version);
  return null;
end
$$;

create trigger merchants_config_notify
  after update of config_version on merchants
  for each row
  when (new.config_version is distinct from old.config_version)
  execute function wl_config_notify();
