-- docs/0125: the tickets job (tickets.earn, every minute) reads the facts of the last minutes — the
-- sessions begun and the deposits credited since — so that a member's tickets are earned, and its
-- reward badge counts them, without a visit to the reward centre. These indexes keep those reads to
-- the recent rows (the wins it reads have seamless_wins_time_idx).
create index sessions_started_idx on sessions (started_at);
create index deposits_decided_idx on deposits (decided_at) where status = 'approved';
