-- Demo mode (docs/0065): a merchant made by the demo seed is a demo merchant; one made by
-- `pnpm merchant:create` is not. Only a demo merchant's deposit channels settle by themselves, and
-- only outside a production start. Databases made before this migration: a merchant with a channel
-- that settles by itself is taken for the demo seed's, so a development database keeps working as
-- before; a production start refuses any such channel whatever this flag says.
alter table merchants add column demo boolean not null default false;
update merchants m set demo = true
  where exists (select 1 from deposit_channels c where c.merchant_id = m.id and c.auto_settle_seconds is not null);
