-- docs/0135: an operator works for one or more brands, with a role at each. `operator_brands` is the
-- list: every operator's own merchant (its row's, kept by triggers from `operators`) and any other
-- brand it was granted. A login on a brand looks the username up among the operators of that brand
-- (`username_key`, unique per brand: no two operators of a brand share a name, whichever brand they
-- came from); a session belongs to the brand it was opened on and is no session anywhere else.
create table operator_brands (
  operator_id integer not null references operators (id),
  merchant_id integer not null references merchants (id),
  role text not null check (role in ('owner', 'finance', 'support', 'content')),
  username_key text not null,
  created_at timestamptz not null default now(),
  primary key (operator_id, merchant_id)
);
create unique index operator_brands_username on operator_brands (merchant_id, username_key);

insert into operator_brands (operator_id, merchant_id, role, username_key)
  select id, merchant_id, role, lower(username) from operators;

-- The own brand follows the operator's row: a new operator, a changed role or name.
create function wl_operator_brand_home() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into operator_brands (operator_id, merchant_id, role, username_key) values (new.id, new.merchant_id, new.role, lower(new.username));
  else
    update operator_brands set role = new.role where operator_id = new.id and merchant_id = new.merchant_id;
    update operator_brands set username_key = lower(new.username) where operator_id = new.id;
  end if;
  return null;
end $$;
create trigger operators_brand_home after insert or update of role, username on operators for each row execute function wl_operator_brand_home();

alter table operator_sessions add column merchant_id integer references merchants (id);
update operator_sessions s set merchant_id = o.merchant_id from operators o where o.id = s.operator_id;
alter table operator_sessions alter column merchant_id set not null;
