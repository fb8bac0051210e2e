-- docs/0067: the outbox records what was sent to whom, for what and whether the provider took it;
-- never the text. Codes and reset links lived here in clear for every console reader (support could
-- sign in as any member by SMS), so the column goes, and with it the codes of an existing database.
alter table outbox drop column body;
alter table outbox add column purpose text not null default '';
alter table outbox add column provider text not null default 'embedded';
alter table outbox add column status text not null default 'sent' check (status in ('pending', 'sent', 'failed'));
