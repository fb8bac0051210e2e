-- Agent contracts cannot mint money (docs/0064).
-- Whether the holders of a chain are paid on their own bets: a setting of the operator's contract
-- (the chain's root, upline_id null), read at settlement for the whole chain below it; off by default.
-- It means nothing on a contract an agent offered.
alter table agent_contracts add column pays_own_bets boolean not null default false;

-- Agent-type downlines stay within operator-set limits per merchant: how deep below its top agent
-- (the tree's root) an agent may be created, and how many agent-type direct downlines one agent may
-- have. Members (not agents) are not limited.
alter table merchants add column agent_max_depth integer not null default 3
  check (agent_max_depth between 1 and 50);
alter table merchants add column agent_max_direct_agents integer not null default 20
  check (agent_max_direct_agents between 0 and 100000);
