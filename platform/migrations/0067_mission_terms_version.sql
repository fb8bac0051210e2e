-- What a mission asks for (its cadence and tasks) is content's; what it pays is finance's (docs/0119).
-- A change of what it asks for raises its terms version and takes its reward away, so content alone
-- can never make a priced mission easier to claim; finance prices the version it was shown
-- (docs/0119, docs/rules/money.md#m-51).
alter table missions add column terms_version integer not null default 1 check (terms_version >= 1);
