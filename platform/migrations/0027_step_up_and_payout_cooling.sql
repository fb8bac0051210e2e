-- docs/0068: a stolen session cannot be kept or cashed out.
-- A session that proved the login password or a current authenticator code may change security
-- settings (contacts, passwords, payout accounts, authenticator) and transfer to the upline until
-- step_up_until. Kept on the session row: revoking the session ends it too.
alter table sessions add column step_up_until timestamptz;
-- A new payout account waits this many minutes before its first withdrawal (a money setting).
alter table merchants add column payout_cooling_minutes integer not null default 1440
  check (payout_cooling_minutes between 0 and 10080);
