-- Issue 9 item 8: the operator switches single games off and on (docs/0037). A switched-off game
-- leaves every list the site shows (game lists, hot games, favourites, vendor cards, the winner
-- board) and its launch is refused (543); favourites and history rows stay, so switching it back
-- on restores them. Categories are switched by their whitelabel GAME_<type> node, as before.
alter table games add column enabled boolean not null default true;
-- The console counts and filters the few switched-off games per merchant.
create index games_switched_off_idx on games (merchant_id, game_type) where not enabled;
