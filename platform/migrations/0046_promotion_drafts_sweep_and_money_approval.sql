-- docs/0100: the hourly sweep deletes promotion-application image drafts (never named by an
-- application) older than a day; this index finds them by age without reading the images' bytes.
create index promotion_application_images_draft_age_idx on promotion_application_images (created_at) where application_id is null;

-- docs/0100: a paying promotion goes live only with its money (terms, budget, recipients, dates)
-- approved by an operator holding the finance permission; a change of them clears the approval.
alter table promotions add column money_approved_by integer references operators(id);
alter table promotions add column money_approved_at timestamptz;
