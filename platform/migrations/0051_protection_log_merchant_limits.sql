-- docs/0108: the operator's limits for every member of a merchant join the append-only protection
-- log (migration 0047), so a member's effective limits (docs/0106: the lowest of its own and the
-- operator's for it and for the whole merchant) are rebuilt at any past instant from the log alone.
-- A merchant-wide event has no member; only that event may leave the member out.
alter table protection_log alter column member_id drop not null;
alter table protection_log add constraint protection_log_member_or_merchant_limit
  check (member_id is not null or kind = 'operator_limit_set');
create index protection_log_merchant_wide_idx on protection_log (merchant_id, id) where member_id is null;

-- The merchant-wide limits set before this migration: one event each, at the time it was set, so
-- the rebuild agrees with the live table from then on (earlier values are in the operator audit log).
insert into protection_log (merchant_id, member_id, at, channel, actor_id, kind, limit_kind, before, after)
select merchant_id, null, set_at, 'operator', operator_id, 'operator_limit_set', null,
  jsonb_build_object('reason', '', 'limit', jsonb_build_object('kind', kind, 'value', null, 'scope', 'merchant')),
  jsonb_build_object('reason', reason, 'limit', jsonb_build_object('kind', kind, 'value', value, 'scope', 'merchant'))
from protection_operator_limits where member_id is null order by set_at, id;
