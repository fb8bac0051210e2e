-- docs/0120 addendum: a drawn ticket keeps what it paid (kind, amount, turnover multiple). Finance
-- may reprice a rule's prizes later (docs/0126), which updates the prize rows in place; the member's
-- history, the audit and the records must still show the amount that was paid, not the new one.
alter table reward_tickets
  add column prize_kind text check (prize_kind in ('cash', 'bonus', 'points')),
  add column prize_amount integer check (prize_amount between 1 and 10000000),
  add column prize_turnover_multiple integer check (prize_turnover_multiple between 1 and 50);

update reward_tickets t
set prize_kind = p.kind, prize_amount = p.amount, prize_turnover_multiple = p.turnover_multiple
from ticket_prizes p
where p.id = t.prize_id;

alter table reward_tickets
  add constraint reward_tickets_paid_snapshot check ((drawn_at is null) = (prize_amount is null) and (prize_amount is null) = (prize_kind is null));
