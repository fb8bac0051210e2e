import type { Selectable, Transaction } from 'kysely';
import {
  CONFIG_CHANGE_MESSAGES as M,
  type TAnnouncements,
  type TAwaitingApproval,
  type TConfigDraft,
  type TConfigMap,
  type TConfigVersion,
  type TLanguage,
  type TOperatorAuditAction,
  type TOperatorRole,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { announcements } from '../content/content.service.ts';
import { roleAllows } from '../access/permissions.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError, wpsErrors } from '../http/envelope.ts';
import { auditedConfigChange, recordOperatorAudit } from '../audit/operator-audit.ts';
import { contentLinkProblems, fieldSpec, lockMerchant, readConfig, recordVersion, writeConfig, type TConfigDiff } from './config-versions.ts';

/**
 * Operator change sets (docs/0123, docs/0127, rules O-20..O-29 of docs/rules/operator.md): drafts of field
 * changes invisible to members until published, a second operator's approval for sensitive fields,
 * a publish that refuses when what it touches changed since it was drafted, schedules, versions and
 * restores. Every change is audited; a publish bumps config_version so open pages hear of it.
 */

type TActor = Pick<TSessionOperator, 'operatorId' | 'username' | 'role'>;
type TChangeSetRow = Selectable<DB['config_change_sets']>;

/** Whether a role may read a field (O-21): the login thresholds and agent limits need security.read, as their own GET does. */
function mayRead(role: TOperatorRole, field: string): boolean {
  return !(field.startsWith('security.') || field.startsWith('agent.')) || roleAllows(role, 'security.read');
}
const readable = (role: TOperatorRole, map: TConfigMap): TConfigMap => Object.fromEntries(Object.entries(map).filter(([f]) => mayRead(role, f)));

const refused = (key: string, value: unknown = null) => new WpsError(409, key, value);

async function audit(trx: Transaction<DB>, merchantId: number, actor: TActor, ip: string, action: TOperatorAuditAction, before: unknown, after: unknown) {
  await recordOperatorAudit(trx, { merchantId, actor, ip, action, before, after, configVersion: null });
}

/** The fields of `changes` that need a second operator's approval (O-22). */
function sensitiveFields(changes: TConfigMap, config: TConfigMap): string[] {
  return Object.keys(changes).filter((f) => fieldSpec(f, config)?.sensitive !== false);
}

/** Refuses (403) when the role may not change one of the fields (each field's own permission, O-21). */
function requireFieldPermissions(role: TOperatorRole, fields: string[], config: TConfigMap): void {
  for (const f of fields) {
    const spec = fieldSpec(f, config);
    if (spec && !roleAllows(role, spec.permission)) throw wpsErrors.forbidden();
  }
}

async function changeSetRow(trx: Transaction<DB>, merchantId: number, id: number) {
  const row = await trx
    .selectFrom('config_change_sets')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row) throw wpsErrors.notFound();
  return row;
}

/** The author's open draft, locked; anything else is closed to editing (O-20). */
async function ownOpenDraft(trx: Transaction<DB>, merchantId: number, actor: TActor, id: number) {
  const row = await changeSetRow(trx, merchantId, id);
  if (row.status !== 'draft' || row.author_id !== actor.operatorId) throw refused(M.closed);
  return row;
}

/** Drafts as the console sees them, with their authors and the approvals of their current revisions: two queries however many. */
async function draftsOf(db: Transaction<DB> | TPlatformDeps['db'], rows: TChangeSetRow[], config: TConfigMap): Promise<TConfigDraft[]> {
  if (rows.length === 0) return [];
  const [authors, approvals] = await Promise.all([
    db
      .selectFrom('operators')
      .select(['id', 'username'])
      .where('id', 'in', [...new Set(rows.map((r) => r.author_id))])
      .execute(),
    db
      .selectFrom('config_change_approvals as a')
      .innerJoin('operators as o', 'o.id', 'a.operator_id')
      .select(['a.change_set_id', 'a.revision', 'o.username'])
      .where(
        'a.change_set_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('a.created_at')
      .execute(),
  ]);
  const username = new Map(authors.map((a) => [a.id, a.username]));
  return rows.map((row) => ({
    id: row.id,
    authorId: row.author_id,
    authorUsername: username.get(row.author_id) ?? '',
    status: row.status,
    revision: row.revision,
    changes: row.changes,
    sensitive: sensitiveFields(row.changes, config),
    approvedBy: approvals.filter((a) => a.change_set_id === row.id && a.revision === row.revision).map((a) => a.username),
    publishAt: row.publish_at ? new Date(row.publish_at).toISOString() : null,
    comment: row.comment,
    blocked: row.blocked,
    restoreOf: row.restore_of,
    versionNumber: row.version_number,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

async function toDraft(db: Transaction<DB> | TPlatformDeps['db'], row: TChangeSetRow, config: TConfigMap): Promise<TConfigDraft> {
  return (await draftsOf(db, [row], config))[0]!;
}

/** The merchant's open drafts, newest first (config.read). */
export async function listDrafts(deps: TPlatformDeps, merchant: TMerchant, actor: TActor): Promise<{ drafts: TConfigDraft[] }> {
  const [rows, config] = await Promise.all([
    deps.db
      .selectFrom('config_change_sets')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .where('status', '=', 'draft')
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
    readConfig(deps.db, merchant.id),
  ]);
  const drafts = await draftsOf(deps.db, rows, config);
  return { drafts: drafts.map((d) => ({ ...d, changes: readable(actor.role, d.changes), sensitive: d.sensitive.filter((f) => mayRead(actor.role, f)) })) };
}

/** Open drafts an operator may hold at once: a draft costs every console read of the list. */
export const MAX_OPEN_DRAFTS = 10;

/** The operator's open drafts, its row locked first so that parallel creations of its drafts count each other. */
async function lockedOpenDrafts(trx: Transaction<DB>, actor: TActor): Promise<TChangeSetRow[]> {
  await trx.selectFrom('operators').select('id').where('id', '=', actor.operatorId).forNoKeyUpdate().executeTakeFirstOrThrow();
  return trx.selectFrom('config_change_sets').selectAll().where('author_id', '=', actor.operatorId).where('status', '=', 'draft').execute();
}

/** An empty draft of the caller's (O-20), at most MAX_OPEN_DRAFTS open at once. */
export async function createDraft(deps: TPlatformDeps, merchant: TMerchant, actor: TActor, ip: string): Promise<TConfigDraft> {
  return deps.db.transaction().execute(async (trx) => {
    if ((await lockedOpenDrafts(trx, actor)).length >= MAX_OPEN_DRAFTS) throw refused(M.tooMany);
    const row = await trx
      .insertInto('config_change_sets')
      .values({ merchant_id: merchant.id, author_id: actor.operatorId, changes: '{}', base: '{}' })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, merchant.id, actor, ip, 'config.draft.save', null, { id: row.id, revision: row.revision, changes: {} });
    return toDraft(trx, row, await readConfig(trx, merchant.id));
  });
}

const sameChanges = (a: TConfigMap, b: TConfigMap) => Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([f, v]) => b[f] === v);

/**
 * A direct setter's change of sensitive fields (O-27, docs/0127): nothing is written to the
 * configuration; the fields whose value differs from the one in force are saved as a draft of the
 * caller's, which only a second operator's approval and the author's publish make live. The same
 * change again answers the open draft that holds it (a second click makes no second draft); a new
 * one counts against MAX_OPEN_DRAFTS like any draft (O-28). A field the merchant lacks is 404 (as
 * the setter answered); each field's bounds and permission are checked as for any draft (O-21).
 * Null: nothing differs, nothing is drafted.
 */
export async function draftSensitiveChange(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TActor,
  ip: string,
  action: TOperatorAuditAction,
  changes: TConfigMap,
): Promise<TAwaitingApproval> {
  return deps.db.transaction().execute(async (trx) => {
    const config = await readConfig(trx, merchant.id);
    for (const [field, value] of Object.entries(changes)) {
      const spec = fieldSpec(field, config);
      if (!spec) throw wpsErrors.notFound();
      if (!spec.value.safeParse(value).success) throw new WpsError(400, M.badValue, { field, issue: M.badValue });
    }
    requireFieldPermissions(actor.role, Object.keys(changes), config);
    const effective = Object.fromEntries(Object.entries(changes).filter(([f, v]) => config[f] !== v));
    const fields = Object.keys(effective);
    if (fields.length === 0) return null;
    const open = await lockedOpenDrafts(trx, actor);
    const same = open.find((d) => sameChanges(d.changes, effective));
    if (same) return { draftId: same.id, fields };
    if (open.length >= MAX_OPEN_DRAFTS) throw refused(M.tooMany);
    const base = Object.fromEntries(fields.map((f) => [f, config[f]!]));
    const row = await trx
      .insertInto('config_change_sets')
      .values({ merchant_id: merchant.id, author_id: actor.operatorId, changes: JSON.stringify(effective), base: JSON.stringify(base) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, merchant.id, actor, ip, 'config.draft.save', null, { id: row.id, revision: row.revision, changes: effective, from: action });
    return { draftId: row.id, fields };
  });
}

/**
 * Sets and drops fields of the author's draft: each field must exist, its value be within the
 * field's bounds and the author hold its permission; each newly drafted field keeps its value now
 * as its base (the conflict check's, O-23). The revision rises, approvals and a schedule are reset (O-22).
 */
export async function editDraft(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TActor,
  ip: string,
  req: { id: number; set: TConfigMap; unset: string[] },
): Promise<TConfigDraft> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await ownOpenDraft(trx, merchant.id, actor, req.id);
    const config = await readConfig(trx, merchant.id);
    const changes = { ...row.changes };
    const base = { ...row.base };
    for (const [field, value] of Object.entries(req.set)) {
      const spec = fieldSpec(field, config);
      if (!spec) throw new WpsError(400, M.unknownField, { field, issue: M.unknownField });
      const parsed = spec.value.safeParse(value);
      if (!parsed.success) throw new WpsError(400, M.badValue, { field, issue: M.badValue });
      changes[field] = parsed.data;
      if (!(field in base)) base[field] = config[field]!;
    }
    for (const field of req.unset) {
      delete changes[field];
      delete base[field];
    }
    requireFieldPermissions(actor.role, [...Object.keys(req.set), ...req.unset], config);
    const next = await trx
      .updateTable('config_change_sets')
      .set({
        changes: JSON.stringify(changes),
        base: JSON.stringify(base),
        revision: row.revision + 1,
        publish_at: null,
        comment: null,
        blocked: null,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('config_change_approvals').where('change_set_id', '=', row.id).execute();
    await audit(
      trx,
      merchant.id,
      actor,
      ip,
      'config.draft.save',
      { id: row.id, revision: row.revision, changes: row.changes },
      { id: row.id, revision: next.revision, changes },
    );
    return toDraft(trx, next, config);
  });
}

/** A second operator's approval of the draft's current revision: never its author's, and only with every field's permission (O-22). */
export async function approveDraft(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TActor,
  ip: string,
  req: { id: number; revision: number },
): Promise<TConfigDraft> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await changeSetRow(trx, merchant.id, req.id);
    if (row.status !== 'draft') throw refused(M.closed);
    if (row.author_id === actor.operatorId) throw refused(M.ownApproval);
    if (row.revision !== req.revision) throw refused(M.staleRevision);
    const config = await readConfig(trx, merchant.id);
    requireFieldPermissions(actor.role, Object.keys(row.changes), config);
    await trx
      .insertInto('config_change_approvals')
      .values({ change_set_id: row.id, operator_id: actor.operatorId, revision: row.revision })
      .onConflict((oc) => oc.columns(['change_set_id', 'operator_id']).doUpdateSet({ revision: row.revision }))
      .execute();
    await audit(trx, merchant.id, actor, ip, 'config.draft.approve', null, { id: row.id, revision: row.revision, changes: row.changes });
    return toDraft(trx, row, config);
  });
}

/** The author discards an open draft. */
export async function discardDraft(deps: TPlatformDeps, merchant: TMerchant, actor: TActor, ip: string, id: number): Promise<TConfigDraft> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await ownOpenDraft(trx, merchant.id, actor, id);
    const next = await trx
      .updateTable('config_change_sets')
      .set({ status: 'discarded', updated_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, merchant.id, actor, ip, 'config.draft.discard', { id: row.id, changes: row.changes }, null);
    return toDraft(trx, next, await readConfig(trx, merchant.id));
  });
}

/** The author schedules the draft: the job publishes it at `at` with the comment, once (O-25). */
export async function scheduleDraft(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TActor,
  ip: string,
  req: { id: number; comment: string; at: string },
): Promise<TConfigDraft> {
  if (new Date(req.at).getTime() <= deps.clock().getTime()) throw new WpsError(400, M.pastSchedule, { field: 'at', issue: M.pastSchedule });
  return deps.db.transaction().execute(async (trx) => {
    const row = await ownOpenDraft(trx, merchant.id, actor, req.id);
    if (Object.keys(row.changes).length === 0) throw refused(M.empty);
    const next = await trx
      .updateTable('config_change_sets')
      .set({ publish_at: req.at, comment: req.comment, blocked: null, updated_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, merchant.id, actor, ip, 'config.draft.schedule', null, { id: row.id, revision: row.revision, at: req.at, comment: req.comment });
    return toDraft(trx, next, await readConfig(trx, merchant.id));
  });
}

/** The configuration with the author's draft applied, for the author alone (O-20): members see none of it. */
export async function previewDraft(deps: TPlatformDeps, merchant: TMerchant, actor: TActor, id: number): Promise<{ config: TConfigMap }> {
  const row = await authorsDraft(deps, merchant, actor, id);
  const config = await readConfig(deps.db, merchant.id);
  for (const [f, v] of Object.entries(row.changes)) if (f in config) config[f] = v;
  return { config: readable(actor.role, config) };
}

/** A draft of this merchant's by the caller: anything else is not found (a preview is its author's alone). */
async function authorsDraft(deps: TPlatformDeps, merchant: TMerchant, actor: TActor, id: number): Promise<TChangeSetRow> {
  const row = await deps.db.selectFrom('config_change_sets').selectAll().where('id', '=', id).where('merchant_id', '=', merchant.id).executeTakeFirst();
  if (!row || row.author_id !== actor.operatorId) throw wpsErrors.notFound();
  return row;
}

/** The site's announcements with the draft's words (docs/0133), for its author alone. */
export async function previewContent(deps: TPlatformDeps, merchant: TMerchant, actor: TActor, id: number, language: TLanguage): Promise<TAnnouncements> {
  const row = await authorsDraft(deps, merchant, actor, id);
  return announcements(deps, merchant, language, row.changes);
}

type TPublishResult = { version: TConfigVersion } | { blocked: string[] } | { waiting: true };

/**
 * Publishes a draft in the caller's transaction (O-23, O-24): the merchant is locked first, then the
 * draft, so of parallel publishes one writes a version and the others find it published. Refuses
 * (or, scheduled, records as blocked) when a field it touches is no longer at its base; refuses a
 * sensitive change without an approval of this revision by another operator.
 */
async function publishLocked(
  trx: Transaction<DB>,
  merchantId: number,
  id: number,
  actor: TActor,
  ip: string,
  comment: string,
  scheduled: boolean,
): Promise<TPublishResult> {
  await lockMerchant(trx, merchantId);
  const row = await changeSetRow(trx, merchantId, id);
  if (row.status !== 'draft' || row.author_id !== actor.operatorId) throw refused(M.closed);
  const config = await readConfig(trx, merchantId);
  const fields = Object.keys(row.changes).filter((f) => f in config);
  requireFieldPermissions(actor.role, fields, config);
  // A scheduled publish that cannot go out is marked blocked with the fields and waits for a person.
  const block = async (blocked: string[]): Promise<TPublishResult> => {
    await trx
      .updateTable('config_change_sets')
      .set({ blocked: JSON.stringify(blocked), updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return { blocked };
  };
  const conflicts = Object.keys(row.changes).filter((f) => !(f in config) || config[f] !== row.base[f]);
  if (conflicts.length > 0) {
    if (!scheduled) throw refused(M.conflict, { fields: conflicts });
    return block(conflicts);
  }
  const effective = Object.fromEntries(fields.filter((f) => config[f] !== row.changes[f]).map((f) => [f, row.changes[f]!]));
  if (Object.keys(effective).length === 0) throw refused(M.empty);
  // A banner's link and how it opens, checked together on what the publish would leave (docs/0133).
  const badLinks = contentLinkProblems({ ...config, ...effective }).filter((f) => f in effective || f.replace(/url$/, 'linkageType') in effective);
  if (badLinks.length > 0) {
    if (!scheduled) throw new WpsError(400, M.badValue, { fields: badLinks, issue: M.badValue });
    return block(badLinks);
  }
  let approvedBy: number | null = null;
  if (sensitiveFields(effective, config).length > 0) {
    const approval = await trx
      .selectFrom('config_change_approvals')
      .select('operator_id')
      .where('change_set_id', '=', row.id)
      .where('revision', '=', row.revision)
      .where('operator_id', '!=', row.author_id)
      .executeTakeFirst();
    if (!approval) {
      if (scheduled) return { waiting: true };
      throw refused(M.needsApproval, { fields: sensitiveFields(effective, config) });
    }
    approvedBy = approval.operator_id;
  }
  await writeConfig(trx, merchantId, effective);
  const after = await readConfig(trx, merchantId);
  const before = Object.fromEntries(Object.keys(effective).map((f) => [f, config[f]]));
  await auditedConfigChange(trx, { merchantId, actor, ip, action: 'config.publish', before: { id: row.id, ...before }, after: { id: row.id, ...effective } });
  const number = (await recordVersion(trx, {
    merchantId,
    before: config,
    after,
    kind: 'publish',
    comment,
    authorId: row.author_id,
    approvedBy,
    changeSetId: row.id,
    restoredFrom: row.restore_of,
  }))!;
  await trx
    .updateTable('config_change_sets')
    .set({ status: 'published', version_number: number, comment, blocked: null, updated_at: new Date() })
    .where('id', '=', row.id)
    .execute();
  return { version: await versionOf(trx, merchantId, number) };
}

/** The author publishes the draft now with a comment (O-23, O-24); the new version is the answer. */
export async function publishDraft(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TActor,
  ip: string,
  req: { id: number; comment: string },
): Promise<TConfigVersion> {
  const r = await deps.db.transaction().execute((trx) => publishLocked(trx, merchant.id, req.id, actor, ip, req.comment, false));
  if (!('version' in r)) throw refused(M.needsApproval);
  return r.version;
}

/**
 * The scheduled publishes that are due (O-25), each in its own transaction as its author: a
 * publish happens once (the draft is published under the merchant's lock); a draft whose fields
 * changed meanwhile is marked blocked and waits for a person; one without its approval waits.
 */
export async function publishDue(deps: Pick<TPlatformDeps, 'db'>, now: Date, onPublished: (draftId: number) => void = () => undefined): Promise<number> {
  const due = await deps.db
    .selectFrom('config_change_sets as c')
    .innerJoin('operators as o', 'o.id', 'c.author_id')
    // The author's role at the draft's brand (docs/0135); one no longer working for it publishes nothing.
    .innerJoin('operator_brands as b', (j) => j.onRef('b.operator_id', '=', 'c.author_id').onRef('b.merchant_id', '=', 'c.merchant_id'))
    .select(['c.id', 'c.merchant_id', 'c.comment', 'o.id as operatorId', 'o.username', 'b.role'])
    .where('c.status', '=', 'draft')
    .where('c.publish_at', '<=', now)
    .where('c.blocked', 'is', null)
    .orderBy('c.publish_at')
    .limit(50)
    .execute();
  let published = 0;
  let failure: unknown = null;
  for (const d of due) {
    const actor = { operatorId: d.operatorId, username: d.username, role: d.role };
    try {
      const r = await deps.db.transaction().execute((trx) => publishLocked(trx, d.merchant_id, d.id, actor, 'schedule', d.comment ?? 'scheduled', true));
      if ('version' in r) {
        published++;
        onPublished(d.id);
      }
    } catch (err) {
      // Another run published it first, or it was discarded or edited (closed): nothing to do. Any
      // other failure does not hold back the drafts after it; the run fails afterwards (and retries).
      if (!(err instanceof WpsError)) failure ??= err;
    }
  }
  if (failure !== null) throw failure;
  return published;
}

async function versionOf(db: Transaction<DB> | TPlatformDeps['db'], merchantId: number, number: number): Promise<TConfigVersion> {
  const [v] = await versionRows(db, merchantId, 1, number);
  return v!;
}

async function versionRows(db: Transaction<DB> | TPlatformDeps['db'], merchantId: number, limit: number, number?: number): Promise<TConfigVersion[]> {
  let q = db
    .selectFrom('config_versions as v')
    .leftJoin('operators as a', 'a.id', 'v.author_id')
    .leftJoin('operators as p', 'p.id', 'v.approved_by')
    .select(['v.number', 'v.kind', 'v.comment', 'v.diff', 'v.created_at', 'v.restored_from', 'a.username as author', 'p.username as approver'])
    .where('v.merchant_id', '=', merchantId);
  if (number !== undefined) q = q.where('v.number', '=', number);
  const rows = await q.orderBy('v.number', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    number: r.number,
    kind: r.kind,
    authorUsername: r.author,
    approvedByUsername: r.approver,
    at: new Date(r.created_at).toISOString(),
    comment: r.comment,
    diff: r.diff as TConfigDiff,
    restoredFrom: r.restored_from,
  }));
}

/** The merchant's versions, newest first, each with its field-level diff (config.read). */
export async function listVersions(deps: TPlatformDeps, merchant: TMerchant, actor: TActor, limit: number): Promise<{ versions: TConfigVersion[] }> {
  const versions = await versionRows(deps.db, merchant.id, limit);
  return { versions: versions.map((v) => ({ ...v, diff: v.diff.filter((d) => mayRead(actor.role, d.field)) })) };
}

/**
 * Restoring version N (O-26): a draft of the caller's that sets every field that differs from N back
 * to N's value (a field N did not have stays as it is), published at once when it touches nothing
 * sensitive; else it waits for a second operator's approval and the author's publish.
 */
export async function restoreVersion(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TActor,
  ip: string,
  req: { version: number; comment: string },
): Promise<TConfigDraft> {
  return deps.db.transaction().execute(async (trx) => {
    await lockMerchant(trx, merchant.id);
    const v = await trx
      .selectFrom('config_versions')
      .select('config')
      .where('merchant_id', '=', merchant.id)
      .where('number', '=', req.version)
      .executeTakeFirst();
    if (!v) throw new WpsError(404, M.unknownVersion);
    const config = await readConfig(trx, merchant.id);
    const changes = Object.fromEntries(Object.entries(v.config).filter(([f, value]) => f in config && config[f] !== value));
    if (Object.keys(changes).length === 0) throw refused(M.empty);
    requireFieldPermissions(actor.role, Object.keys(changes), config);
    const base = Object.fromEntries(Object.keys(changes).map((f) => [f, config[f]!]));
    const row = await trx
      .insertInto('config_change_sets')
      .values({
        merchant_id: merchant.id,
        author_id: actor.operatorId,
        changes: JSON.stringify(changes),
        base: JSON.stringify(base),
        restore_of: req.version,
        comment: req.comment,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, merchant.id, actor, ip, 'config.draft.save', null, { id: row.id, revision: row.revision, changes, restoreOf: req.version });
    if (sensitiveFields(changes, config).length === 0) await publishLocked(trx, merchant.id, row.id, actor, ip, req.comment, false);
    const now = await changeSetRow(trx, merchant.id, row.id);
    return toDraft(trx, now, await readConfig(trx, merchant.id));
  });
}
