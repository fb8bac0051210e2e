-- Issue 9 item 6: the games a member launched lately (SPEC §2 /recent), filled when the platform
-- issues a launch ticket for a member (docs/0036). One row per member and game: a new launch
-- moves the row to the top. `seq` orders the list (newest first) even when two launches share a
-- timestamp; the service keeps at most 50 rows per member.
create table recent_games (
  member_id integer not null references members(id),
  game_id integer not null references games(id),
  played_at timestamptz not null,
  seq bigserial not null,
  primary key (member_id, game_id)
);
create index recent_games_member_seq on recent_games (member_id, seq desc);
