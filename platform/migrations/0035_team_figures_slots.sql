-- docs/0087: the team figures in 5-minute slots beside the hours, so a period that starts or ends
-- inside an hour (now - 7 days) reads whole hours, then whole slots, and at most 5 minutes of ledger
-- entries at each edge, instead of up to an hour of entries. Same sums as team_member_hours and
-- team_ancestor_hours (migration 0024), rolled in the same statement, under the same watermark.
-- Every UTC offset in use is whole 5 minutes, so a slot never holds two local hours or days.

-- The columns of the hourly tables, with `slot` for `hour`.
create table team_member_slots (like team_member_hours including defaults);
alter table team_member_slots rename column hour to slot;
alter table team_member_slots add primary key (member_id, slot), add foreign key (member_id) references members(id);
-- A few slots of every member (a level's or a downline's edges, and their bettors).
create index team_member_slots_slot_idx on team_member_slots (slot, member_id) include (bets);

create table team_ancestor_slots (like team_ancestor_hours including defaults);
alter table team_ancestor_slots rename column hour to slot;
alter table team_ancestor_slots add primary key (ancestor_id, slot), add foreign key (ancestor_id) references members(id);

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

-- A subtree that moves takes its slots along as it takes its hours (migration 0024): one statement
-- per grain, the subtree's member sums subtracted from the agents above its old place and added to
-- those above the new one.
create or replace function wl_team_figures_move() returns trigger language plpgsql as $$
declare
  grain text;
begin
  perform 1 from team_figures_state where id = 1 for update;
  foreach grain in array array['hour', 'slot'] loop
    execute format($f$
      insert into %1$I (ancestor_id, %3$I, bets, bet_minor, valid_bet_minor, payout_minor, deposit_minor, withdraw_minor)
      select c.ancestor_id, d.at, sum(c.sign * d.bets), sum(c.sign * d.bet_minor), sum(c.sign * d.valid_bet_minor),
             sum(c.sign * d.payout_minor), sum(c.sign * d.deposit_minor), sum(c.sign * d.withdraw_minor)
      from (
        select t.ancestor_id, -1 as sign from member_tree t where $1 is not null and t.descendant_id = $1
        union all
        select t.ancestor_id, 1 from member_tree t where $2 is not null and t.descendant_id = $2
      ) c
      cross join (
        select f.%3$I as at, sum(f.bets) as bets, sum(f.bet_minor) as bet_minor, sum(f.valid_bet_minor) as valid_bet_minor,
               sum(f.payout_minor) as payout_minor, sum(f.deposit_minor) as deposit_minor, sum(f.withdraw_minor) as withdraw_minor
        from %2$I f join member_tree s on s.descendant_id = f.member_id and s.ancestor_id = $3
        group by 1
      ) d
      group by 1, 2
      on conflict (ancestor_id, %3$I) do update set
        bets = %1$I.bets + excluded.bets,
        bet_minor = %1$I.bet_minor + excluded.bet_minor,
        valid_bet_minor = %1$I.valid_bet_minor + excluded.valid_bet_minor,
        payout_minor = %1$I.payout_minor + excluded.payout_minor,
        deposit_minor = %1$I.deposit_minor + excluded.deposit_minor,
        withdraw_minor = %1$I.withdraw_minor + excluded.withdraw_minor$f$,
      case grain when 'hour' then 'team_ancestor_hours' else 'team_ancestor_slots' end,
      case grain when 'hour' then 'team_member_hours' else 'team_member_slots' end,
      grain)
    using old.upline_id, new.upline_id, new.id;
  end loop;
  return null;
end $$;
