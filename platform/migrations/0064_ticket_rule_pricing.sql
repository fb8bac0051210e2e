-- docs/0126: content writes a ticket rule (what earns it) and its raffles, finance what it pays.
-- `terms_version` goes up when what earns the rule's tickets changes (its earning, threshold or
-- validity, or a raffle of it created or changed); finance's prices are for the version it was shown
-- (`priced_version`). A rule earns tickets, and its raffles take claims, only while the two are equal,
-- so content alone can neither make a rule pay nor make a priced one pay more.
alter table ticket_rules add column terms_version integer not null default 1 check (terms_version >= 1);
alter table ticket_rules add column priced_version integer check (priced_version >= 1);
-- Rules saved before this migration were saved with their prizes by finance.
update ticket_rules r set priced_version = r.terms_version where exists (select 1 from ticket_prizes p where p.rule_id = r.id);
