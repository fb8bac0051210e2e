-- Issue 6 item 7: avatars are served by an unguessable key, never by the sequential member id.
-- Two v4 UUIDs give 244 random bits from the server's secure generator (gen_random_uuid is core
-- since PostgreSQL 13, and PGlite has it). The default is volatile, so every existing row is
-- backfilled with its own key; the application also sets a 128-bit key on every insert.
alter table members add column avatar_key text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
create unique index members_avatar_key_idx on members (avatar_key);
