-- docs/0136: the languages a brand's site offers, its default first. A visitor who has chosen none,
-- or one the brand does not offer, gets the first; the language switch offers only these.
alter table merchants add column languages jsonb not null default '["bn", "en"]'
  check (languages in ('["bn"]', '["en"]', '["bn", "en"]', '["en", "bn"]'));
