-- docs/0100: the hourly sweep deletes promotion-application image drafts (never named by an
-- application) older than a day; this index finds them by age without reading the images' bytes.
create index promotion_application_images_draft_age_idx on promotion_application_images (created_at) where application_id is null;
