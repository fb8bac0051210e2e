-- docs/0139: a banner's group and place and whether it shows, and a popup's place and whether it
-- shows, are configuration fields (drafted, approved where needed, versioned and restored like the
-- words of docs/0133). Hiding is how the console takes a banner or popup off the site: the row stays,
-- so a restore of an earlier version brings it back as it was.
alter table banners add column shown boolean not null default true;
alter table popups add column shown boolean not null default true;
alter table banners add constraint banners_group_name_check
  check (group_name in ('w_home', 'w_leftmenu', 'w_login', 'w_register', 'w_forget'));
alter table banners add constraint banners_sort_check check (sort between 0 and 9999);
alter table popups add constraint popups_sort_check check (sort between 0 and 9999);
