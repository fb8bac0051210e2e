-- docs/0099: rebates, VIP turnover and cashback read the seamless wallet's settled rounds (every
-- provider, the built-in games included) instead of game_rounds, which only the built-in slot writes.
-- A settled round is a win row: it settled the placed bets of its member in its round (their slots
-- 'settled'); its id is the round's key.

-- A win keeps the stake it settled (its round's placed bets of the member, which it moved to
-- 'settled'), written by the win's own insert: the settled round is one row to read. Wins recorded
-- before get theirs from their settled slots.
alter table seamless_transactions add column settled_stake_minor bigint check (settled_stake_minor >= 0);
update seamless_transactions w set settled_stake_minor = coalesce((
  select sum(t.amount_minor) from seamless_transactions t
  join seamless_bet_slots s on s.provider_id = t.provider_id and s.bet_transaction_id = t.transaction_id and s.state = 'settled'
  where t.provider_id = w.provider_id and t.round_id = w.round_id and t.member_id = w.member_id and t.kind = 'bet'), 0)
where w.kind = 'win';
alter table seamless_transactions add constraint seamless_transactions_settled_stake_check check ((kind = 'win') = (settled_stake_minor is not null));

-- Each settled round rebated once: a win joins at most one claim (the primary key), written in the
-- statement that inserts the claim.
create table rebated_settlements (
  win_id bigint primary key references seamless_transactions(id),
  claim_id bigint not null references rebate_claims(id)
);

-- The built-in slot's rounds already rebated keep their mark on the wallet's settlement of the same
-- round (the slot's wallet round is 'WLG-<round id>', docs/0072): a round paid before is not paid again.
insert into rebated_settlements (win_id, claim_id)
select w.id, rr.claim_id
from rebated_rounds rr
join game_rounds g on g.id = rr.round_id
join seamless_providers p on p.merchant_id = g.merchant_id and p.code = 'WLG'
join seamless_transactions w on w.provider_id = p.id and w.round_id = 'WLG-' || g.id and w.member_id = g.member_id and w.kind = 'win'
on conflict (win_id) do nothing;

-- Nothing reads game_rounds for rewards any more; a mark without a wallet settlement (none is ever
-- read again) goes with the table. The claims keep what they paid.
drop table rebated_rounds;

-- A member's settlements over time (VIP turnover, unrebated rounds), and a period's (cashback).
create index seamless_wins_member_idx on seamless_transactions (member_id, created_at) where kind = 'win';
create index seamless_wins_time_idx on seamless_transactions (created_at) where kind = 'win';

-- A settlement's game type: its game code among the merchant's games.
create index games_code_idx on games (merchant_id, game_code);
