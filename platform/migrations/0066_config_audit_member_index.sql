-- Member lookup (docs/0122) reads a member's audit trail: the operator audit rows whose `after` or
-- `before` names the member (`memberId`). Without an index that is a scan of the merchant's whole
-- audit log, which grows with every operator action. One partial index per side: the lookup's OR
-- becomes two ordered index reads (the service unions them: an OR made the planner walk the
-- whole log backwards by id). Partial on "is not null" so rows about no member (most) cost nothing,
-- and an equality on the expression proves the predicate to the planner.
create index config_audit_after_member_idx on config_audit (merchant_id, ((after ->> 'memberId')), id) where (after ->> 'memberId') is not null;
create index config_audit_before_member_idx on config_audit (merchant_id, ((before ->> 'memberId')), id) where (before ->> 'memberId') is not null;
