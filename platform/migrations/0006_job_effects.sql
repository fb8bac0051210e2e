-- Exactly-once effects of background jobs (docs/0011-job-runner.md). pg-boss runs a job at least
-- once; a handler makes its effect happen once by inserting its idempotency key here in the same
-- transaction as the effect. A re-run (retry after a crash, duplicate send, second runner) finds
-- the key and changes nothing. Kept forever: a key is small and forgetting it would re-open the door.
create table job_effects (
  queue text not null,
  key text not null,
  job_id text not null,
  done_at timestamptz not null default now(),
  primary key (queue, key)
);
