-- docs/0070: sessions end. Beside the idle timeout every member and operator session has an absolute
-- lifetime counted from the login that started it (a session exchanged for a fresh token keeps its
-- start), an operator setting of the merchant (default 7 days), applied to live sessions too.
alter table merchants add column session_lifetime_hours integer not null default 168;
alter table sessions add column started_at timestamptz;
update sessions set started_at = created_at;
alter table sessions alter column started_at set not null;
alter table sessions alter column started_at set default now();
alter table operator_sessions add column started_at timestamptz;
update operator_sessions set started_at = created_at;
alter table operator_sessions alter column started_at set not null;
alter table operator_sessions alter column started_at set default now();
