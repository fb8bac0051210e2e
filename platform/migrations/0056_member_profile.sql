-- docs/0115: registration keeps what it asks, the member's avatar design and its saved language.

-- The optional registration fields an operator may turn on (SPEC §3 registration fields), kept as
-- typed (checked by the merchant's field rules at registration). The payment password is not here:
-- it is the withdraw password (withdraw_password_hash, argon2 like every password).
alter table members add column qq_num text check (qq_num is null or length(qq_num) <= 64);
alter table members add column line_id text check (line_id is null or length(line_id) <= 64);
alter table members add column whatsapp text check (whatsapp is null or length(whatsapp) <= 64);
alter table members add column facebook text check (facebook is null or length(facebook) <= 120);
alter table members add column wechat text check (wechat is null or length(wechat) <= 64);
alter table members add column id_number text check (id_number is null or length(id_number) <= 64);
alter table members add column recommender_id text check (recommender_id is null or length(recommender_id) <= 64);

-- 0: the avatar generated from avatar_key; 1…8: a design the member chose (schemas/src/domain/avatars.ts).
alter table members add column avatar_icon smallint not null default 0 check (avatar_icon between 0 and 8);

-- The language the platform writes to the member in (SMS, e-mail, messages): the site's language,
-- told by the site when it changes; a new member's is the language it registered in.
alter table members add column language text not null default 'bn' check (language in ('bn', 'en'));
