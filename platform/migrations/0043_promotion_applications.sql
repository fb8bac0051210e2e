-- docs/0098: manual-apply promotions and the console's promotions. A member applies to a
-- manual_apply promotion with a comment and up to three images (png or jpg, checked by content);
-- an operator approves it with an amount (a bonus through the foundation, docs/0094) or rejects it
-- with a reason. One pending application per member and promotion, whatever races.

create table promotion_applications (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  promotion_id integer not null references promotions(id),
  comment text not null check (length(comment) <= 140),
  state text not null check (state in ('pending', 'approved', 'rejected')),
  created_at timestamptz not null default now(),
  -- The decision: who, when, the amount paid (approved) or the reason given (rejected).
  decided_by integer references operators(id),
  decided_at timestamptz,
  amount_minor bigint check (amount_minor is null or amount_minor > 0),
  reason text check (reason is null or length(reason) between 1 and 200),
  award_id bigint references bonus_awards(id),
  check ((state = 'pending') = (decided_at is null)),
  check (state <> 'approved' or (amount_minor is not null and award_id is not null)),
  check (state <> 'rejected' or reason is not null)
);
-- One pending application per member and promotion (50 parallel applies make one).
create unique index promotion_applications_one_pending_idx on promotion_applications (member_id, promotion_id) where state = 'pending';
create index promotion_applications_review_idx on promotion_applications (merchant_id, state, id desc);
create index promotion_applications_member_idx on promotion_applications (member_id, promotion_id, id desc);

-- An image uploaded one by one before the application (a draft: application_id null), then
-- attached to the application it was sent with. Served to operators only.
create table promotion_application_images (
  id text primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  promotion_id integer not null references promotions(id),
  application_id bigint references promotion_applications(id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 5242880),
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index promotion_application_images_draft_idx on promotion_application_images (member_id, promotion_id) where application_id is null;
create index promotion_application_images_application_idx on promotion_application_images (application_id) where application_id is not null;

-- A promotion's own banner image (png or jpg, checked by content); without one the generated
-- artwork is served as before.
alter table promotions add column banner_content_type text check (banner_content_type in ('image/png', 'image/jpeg'));
alter table promotions add column banner_bytes bytea check (banner_bytes is null or length(banner_bytes) <= 5242880);
alter table promotions add constraint promotions_banner_both check ((banner_content_type is null) = (banner_bytes is null));
