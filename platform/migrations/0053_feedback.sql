-- docs/0111: member feedback and the operator's feedback inbox. A real member sends a question
-- type and content (10 to 500 characters after trimming) with up to three images (png or jpg by
-- content, uploaded one by one to a draft as a promotion application's are, docs/0098); support
-- replies and closes. The thread is the content, then the operator's replies and the member's
-- follow-ups in order.

create table feedback (
  id bigserial primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  question_type text not null check (question_type in ('deposit', 'withdraw', 'game', 'service', 'apply', 'other')),
  content text not null check (length(content) between 10 and 500),
  -- open: waits for the operator; replied: the operator answered last; closed: final.
  state text not null check (state in ('open', 'replied', 'closed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_by integer references operators(id),
  closed_at timestamptz,
  check ((state = 'closed') = (closed_at is not null))
);
create index feedback_member_idx on feedback (member_id, id desc);
create index feedback_inbox_idx on feedback (merchant_id, state, id desc);

create table feedback_messages (
  id bigserial primary key,
  feedback_id bigint not null references feedback(id),
  -- An operator's reply names the operator; a member's follow-up has none.
  operator_id integer references operators(id),
  body text not null check (length(body) between 1 and 1000),
  created_at timestamptz not null default now()
);
create index feedback_messages_thread_idx on feedback_messages (feedback_id, id);

-- An image uploaded before the feedback is sent (a draft: feedback_id null), then attached to it.
-- Served to operators only. Drafts older than a day are swept with the promotion drafts (docs/0100).
create table feedback_images (
  id text primary key,
  merchant_id integer not null references merchants(id),
  member_id integer not null references members(id),
  feedback_id bigint references feedback(id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 5242880),
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index feedback_images_draft_idx on feedback_images (member_id) where feedback_id is null;
create index feedback_images_feedback_idx on feedback_images (feedback_id) where feedback_id is not null;
create index feedback_images_draft_age_idx on feedback_images (created_at) where feedback_id is null;
