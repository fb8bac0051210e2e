-- docs/0087: the team figures in 5-minute slots beside the hours, so a period that starts or ends
-- inside an hour (now - 7 days) reads whole hours, then whole slots, and at most 5 minutes of ledger
-- entries at each edge, instead of up to an hour of entries. Same sums as team_member_hours and
-- team_ancestor_hours (migration 0024), rolled in the same statement, under the same watermark.
-- Every UTC offset in use is whole 5 minutes, so a slot never holds two local hours or days.
create table team_member_slots (
  member_id integer not null references members(id),
  slot timestamptz not null,
  bets integer not null default 0,
  bet_minor bigint not null default 0,
  valid_bet_minor bigint not null default 0,
  payout_minor bigint not null default 0,
  deposit_minor bigint not null default 0,
  withdraw_minor bigint not null default 0,
  primary key (member_id, slot)
);
-- A few slots of every member (a level's or a downline's edges, and their bettors).
create index team_member_slots_slot_idx on team_member_slots (slot, member_id) include (bets);

create table team_ancestor_slots (
  ancestor_id integer not null references members(id),
  slot timestamptz not null,
  bets integer not null default 0,
  bet_minor bigint not null default 0,
  valid_bet_minor bigint not null default 0,
  payout_minor bigint not null default 0,
  deposit_minor bigint not null default 0,
  withdraw_minor bigint not null default 0,
  primary key (ancestor_id, slot)
);

-- The backfill: exactly the rolled entries, (xact_id, id) at or below the watermark, with the state
-- row held so no rollup moves it meanwhile.
select 1 from team_figures_state where id = 1 for update;
insert into team_member_slots (member_id, slot, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor)
select a.member_id,
       date_bin('5 minutes', e.created_at, timestamptz '2000-01-01 00:00:00+00'),
       count(*) filter (where x.kind = 'bet' and a.kind = 'member_wallet'),
       coalesce(sum(-e.amount_minor) filter (where x.kind = 'bet' and a.kind = 'member_wallet'), 0),
       coalesce(sum(-e.amount_minor) filter (where x.kind in ('bet', 'rollback') and a.kind = 'member_wallet'), 0),
       coalesce(sum(e.amount_minor) filter (where x.kind = 'win' and a.kind = 'member_wallet'), 0),
       coalesce(sum(e.amount_minor) filter (where x.kind = 'deposit' and a.kind = 'member_wallet'), 0),
       coalesce(sum(-e.amount_minor) filter (where x.kind = 'withdraw_payout' and a.kind = 'member_withdrawal_hold'), 0)
from ledger_entries e
join ledger_accounts a on a.id = e.account_id
join ledger_transactions x on x.id = e.transaction_id
cross join team_figures_state s
where s.id = 1 and (e.xact_id, e.id) <= (s.rolled_xact, s.rolled_to_entry_id)
  and a.member_id is not null
  and a.kind in ('member_wallet', 'member_withdrawal_hold')
  and x.kind in ('deposit', 'withdraw_payout', 'bet', 'rollback', 'win')
group by 1, 2;
insert into team_ancestor_slots (ancestor_id, slot, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor)
select t.ancestor_id, f.slot, sum(f.bets), sum(f.bet_minor), sum(f.valid_bet_minor), sum(f.payout_minor), sum(f.deposit_minor), sum(f.withdraw_minor)
from team_member_slots f join member_tree t on t.descendant_id = f.member_id and t.depth >= 1
group by 1, 2;
analyze team_member_slots;
analyze team_ancestor_slots;

-- A subtree that moves takes its slots along as it takes its hours (migration 0024).
create or replace function wl_team_figures_move() returns trigger language plpgsql as $$
begin
  perform 1 from team_figures_state where id = 1 for update;
  insert into team_ancestor_hours (ancestor_id, hour, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor)
  select c.ancestor_id, d.hour, sum(c.sign * d.bets), sum(c.sign * d.bet_minor), sum(c.sign * d.valid_bet_minor),
         sum(c.sign * d.payout_minor), sum(c.sign * d.deposit_minor), sum(c.sign * d.withdraw_minor)
  from (
    select t.ancestor_id, -1 as sign from member_tree t where old.upline_id is not null and t.descendant_id = old.upline_id
    union all
    select t.ancestor_id, 1 from member_tree t where new.upline_id is not null and t.descendant_id = new.upline_id
  ) c
  cross join (
    select f.hour, sum(f.bets) as bets, sum(f.bet_minor) as bet_minor, sum(f.valid_bet_minor) as valid_bet_minor,
           sum(f.payout_minor) as payout_minor, sum(f.deposit_minor) as deposit_minor, sum(f.withdraw_minor) as withdraw_minor
    from team_member_hours f join member_tree s on s.descendant_id = f.member_id and s.ancestor_id = new.id
    group by f.hour
  ) d
  group by 1, 2
  on conflict (ancestor_id, hour) do update set
    bets = team_ancestor_hours.bets + excluded.bets,
    bet_minor = team_ancestor_hours.bet_minor + excluded.bet_minor,
    valid_bet_minor = team_ancestor_hours.valid_bet_minor + excluded.valid_bet_minor,
    payout_minor = team_ancestor_hours.payout_minor + excluded.payout_minor,
    deposit_minor = team_ancestor_hours.deposit_minor + excluded.deposit_minor,
    withdraw_minor = team_ancestor_hours.withdraw_minor + excluded.withdraw_minor;
  insert into team_ancestor_slots (ancestor_id, slot, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor)
  select c.ancestor_id, d.slot, sum(c.sign * d.bets), sum(c.sign * d.bet_minor), sum(c.sign * d.valid_bet_minor),
         sum(c.sign * d.payout_minor), sum(c.sign * d.deposit_minor), sum(c.sign * d.withdraw_minor)
  from (
    select t.ancestor_id, -1 as sign from member_tree t where old.upline_id is not null and t.descendant_id = old.upline_id
    union all
    select t.ancestor_id, 1 from member_tree t where new.upline_id is not null and t.descendant_id = new.upline_id
  ) c
  cross join (
    select f.slot, sum(f.bets) as bets, sum(f.bet_minor) as bet_minor, sum(f.valid_bet_minor) as valid_bet_minor,
           sum(f.payout_minor) as payout_minor, sum(f.deposit_minor) as deposit_minor, sum(f.withdraw_minor) as withdraw_minor
    from team_member_slots f join member_tree s on s.descendant_id = f.member_id and s.ancestor_id = new.id
    group by f.slot
  ) d
  group by 1, 2
  on conflict (ancestor_id, slot) do update set
    bets = team_ancestor_slots.bets + excluded.bets,
    bet_minor = team_ancestor_slots.bet_minor + excluded.bet_minor,
    valid_bet_minor = team_ancestor_slots.valid_bet_minor + excluded.valid_bet_minor,
    payout_minor = team_ancestor_slots.payout_minor + excluded.payout_minor,
    deposit_minor = team_ancestor_slots.deposit_minor + excluded.deposit_minor,
    withdraw_minor = team_ancestor_slots.withdraw_minor + excluded.withdraw_minor;
  return null;
end $$;
