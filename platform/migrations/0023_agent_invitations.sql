-- Issue 10 item 2 (registerCenter, docs/0051): an agent's invitation codes. Each code belongs to one
-- agent and says what the member registering with it becomes (a member, or an agent of type 2, as
-- the seed's sub-agents). A registration with the code sets upline_id to the agent (the closure
-- table's triggers of 0021 do the rest) and remembers the code, so the list counts registrations.
-- Disabled or deleted codes are refused like an unknown one (invalid_invitation_code). Deleting is
-- soft: the code stays taken, so an old link can never start pointing at someone else.
create table agent_invitations (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  agent_id integer not null references members(id),
  code text not null check (length(code) between 4 and 32),
  member_type text not null check (member_type in ('member', 'agent')),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
-- One code per merchant, case-insensitive, like members.invitation_code (the two are checked against
-- each other when a code is made).
create unique index agent_invitations_code_idx on agent_invitations (merchant_id, upper(code));
create index agent_invitations_agent_idx on agent_invitations (agent_id, id desc) where deleted_at is null;

alter table members add column invitation_id integer references agent_invitations(id);
create index members_invitation_id_idx on members (invitation_id) where invitation_id is not null;

-- The team reports (docs/0051) page a team's bets by time across many wallets and look up a bet's
-- round: the bet kinds by time, and a round's other transactions by its id in meta.
create index ledger_transactions_round_idx on ledger_transactions ((meta->>'round')) where meta ? 'round';
-- A short period (today, this week: the reports' and the overview's defaults) of a big team reads the
-- entries of that period by time, instead of every downline's account index or the whole table.
create index ledger_entries_time_idx on ledger_entries (created_at);
