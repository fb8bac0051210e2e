import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIG_CHANGE_MESSAGES as M,
  OPERATOR_CALLS,
  WPS_PATHS,
  ZAnnouncementsResponse,
  ZEnvelope,
  OPERATOR_CONFIG_CHANGE_CALLS as C,
  flagPermission,
  type TCallDescriptor,
  type TConfigMap,
} from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { registerMember } from '../test-support/http.ts';
import { operatorToken, roleTokens } from '../test-support/operators.ts';
import { MAX_OPEN_DRAFTS, publishDue } from './config-changes.service.ts';
import { readConfig, withDirectVersion } from './config-versions.ts';
import { demoOperatorRow } from '../test-support/demo-merchant.ts';

/**
 * Change sets and versions of the merchant's configuration (docs/0123, rules O-20..O-26): one
 * journey through drafts, conflicts, approvals, a restore, parallel publishes and the schedule; the
 * sensitive direct setters drafting instead of applying (docs/0127, rules O-27, O-28).
 */

const ctx = usePlatform();
const t = { owner: '', owner2: '', content: '', finance: '' };
let merchantId = 0;
/** Two whitelabel.write flags (not sensitive) of the seeded tree. */
let flagA = '';
let flagB = '';

beforeAll(async () => {
  const tokens = await roleTokens(ctx.app);
  t.owner = tokens.owner;
  t.content = tokens.content;
  t.finance = tokens.finance;
  t.owner2 = await operatorToken(ctx.app, 'demo_owner2', 'Owner21234');
  merchantId = (await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
  const nodes = await ctx.db.selectFrom('whitelabel_nodes').select('mod_id').where('merchant_id', '=', merchantId).orderBy('id').execute();
  const flags = nodes.map((n) => n.mod_id).filter((m) => flagPermission(m) === 'whitelabel.write');
  flagA = flags[0]!;
  flagB = flags[1]!;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelopes of ten calls, read field by field
type TAnyValue = any;

async function call(token: string, d: TCallDescriptor, input: Record<string, unknown> = {}) {
  const res =
    d.method === 'GET'
      ? await ctx.app.inject({
          url: d.path,
          query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
          headers: { authorization: token },
        })
      : await ctx.app.inject({ method: d.method, url: d.path, payload: input, headers: { authorization: token } });
  return res.json() as { success: boolean; value: TAnyValue; message: string | null };
}
const config = () => readConfig(ctx.db, merchantId);
const configVersion = async () =>
  (await ctx.db.selectFrom('merchants').select('config_version').where('id', '=', merchantId).executeTakeFirstOrThrow()).config_version;
const versionCount = async () =>
  (
    await ctx.db
      .selectFrom('config_versions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
async function draft(token: string, set: TConfigMap) {
  const created = await call(token, C.configDraftCreate);
  const edited = await call(token, C.configDraftEdit, { id: created.value.id, set });
  expect(edited.success, edited.message ?? '').toBe(true);
  return edited.value as { id: number; revision: number };
}

describe('configuration change sets (docs/0123)', () => {
  it('drafts, previews, publishes, refuses conflicts and unapproved sensitive changes, restores a version', async () => {
    const found = await config();
    const versionBefore = await configVersion();

    // O-20: a draft changes nothing members see; its author alone previews it.
    const d1 = await draft(t.owner, { [`flag.${flagA}`]: !found[`flag.${flagA}`] });
    expect(await config()).toEqual(found);
    expect(await configVersion()).toBe(versionBefore);
    expect((await call(t.owner, C.configPreview, { id: d1.id })).value.config[`flag.${flagA}`]).toBe(!found[`flag.${flagA}`]);
    expect((await call(t.owner2, C.configPreview, { id: d1.id })).success).toBe(false);
    // Bad input changes nothing: an unknown field, a value out of bounds, a comment missing, a field the role may not touch.
    expect((await call(t.owner, C.configDraftEdit, { id: d1.id, set: { 'flag.NOPE': true } })).message).toBe(M.unknownField);
    expect((await call(t.owner, C.configDraftEdit, { id: d1.id, set: { 'security.lockMinutes': 0 } })).message).toBe(M.badValue);
    expect((await call(t.owner, C.configDraftPublish, { id: d1.id, comment: '' })).success).toBe(false);
    const c1 = await call(t.content, C.configDraftCreate);
    expect((await call(t.content, C.configDraftEdit, { id: c1.value.id, set: { 'security.lockMinutes': 9 } })).message).toBe('error_forbidden');
    expect((await call(t.content, C.configDraftEdit, { id: d1.id, set: { [`flag.${flagB}`]: true } })).message).toBe(M.closed);

    const v1 = await call(t.owner, C.configDraftPublish, { id: d1.id, comment: 'switch A' });
    expect(v1.value).toMatchObject({
      kind: 'publish',
      comment: 'switch A',
      diff: [{ field: `flag.${flagA}`, from: found[`flag.${flagA}`], to: !found[`flag.${flagA}`] }],
    });
    expect(v1.value.number).toBe(2); // version 1 keeps the configuration found
    expect(await configVersion()).toBe(versionBefore + 1); // open pages hear of it
    expect((await call(t.owner, C.configDraftPublish, { id: d1.id, comment: 'again' })).message).toBe(M.closed);

    // O-23: a publish over a field changed since it was drafted is refused, naming it.
    const d2 = await draft(t.owner, { [`flag.${flagB}`]: !found[`flag.${flagB}`], [`flag.${flagA}`]: found[`flag.${flagA}`]! });
    const direct = await ctx.app.inject({
      method: 'PUT',
      url: OPERATOR_CALLS.setFlag.path,
      payload: { modId: flagB, enabled: !found[`flag.${flagB}`] },
      headers: { authorization: t.owner },
    });
    expect(direct.json().success).toBe(true);
    const afterDirect = await config();
    expect(await call(t.owner, C.configDraftPublish, { id: d2.id, comment: 'both' })).toMatchObject({
      success: false,
      message: M.conflict,
      value: { fields: [`flag.${flagB}`] },
    });
    expect(await config()).toEqual(afterDirect);

    // O-22: a sensitive change needs another operator's approval of its revision; an edit resets it.
    const d3 = await draft(t.owner, { 'security.lockMinutes': found['security.lockMinutes'] === 30 ? 31 : 30 });
    expect(d3).toMatchObject({ sensitive: ['security.lockMinutes'], approvedBy: [] });
    expect((await call(t.owner, C.configDraftPublish, { id: d3.id, comment: 'lock longer' })).message).toBe(M.needsApproval);
    expect((await call(t.owner, C.configDraftApprove, { id: d3.id, revision: d3.revision })).message).toBe(M.ownApproval);
    expect((await call(t.content, C.configDraftApprove, { id: d3.id, revision: d3.revision })).message).toBe('error_forbidden');
    expect((await call(t.owner2, C.configDraftApprove, { id: d3.id, revision: d3.revision })).value.approvedBy).toEqual(['demo_owner2']);
    const d3b = (await call(t.owner, C.configDraftEdit, { id: d3.id, set: { 'security.lockMinutes': 45 } })).value;
    expect(d3b.approvedBy).toEqual([]);
    expect((await call(t.owner, C.configDraftPublish, { id: d3.id, comment: 'lock longer' })).message).toBe(M.needsApproval);
    expect((await call(t.owner2, C.configDraftApprove, { id: d3.id, revision: d3.revision })).message).toBe(M.staleRevision);
    expect((await call(t.owner2, C.configDraftApprove, { id: d3.id, revision: d3b.revision })).success).toBe(true);
    const v3 = await call(t.owner, C.configDraftPublish, { id: d3.id, comment: 'lock longer' });
    expect(v3.value).toMatchObject({ approvedByUsername: 'demo_owner2', authorUsername: 'demo_operator' });
    expect((await config())['security.lockMinutes']).toBe(45);

    // The versions: the one found, the publish, the direct change (its audit action), the sensitive publish.
    const versions = (await call(t.owner, C.configVersions)).value.versions as { number: number; kind: string; comment: string }[];
    expect(versions.map((v) => [v.number, v.kind, v.comment])).toEqual([
      [4, 'publish', 'lock longer'],
      [3, 'direct', 'whitelabel.set'],
      [2, 'publish', 'switch A'],
      [1, 'initial', ''],
    ]);
    // A role without security.read sees no threshold in the versions nor in a preview (O-21).
    const seenByContent = (await call(t.content, C.configVersions)).value.versions as { number: number; diff: unknown[] }[];
    expect(seenByContent.find((v) => v.number === 4)?.diff).toEqual([]);
    expect(Object.keys((await call(t.content, C.configPreview, { id: c1.value.id })).value.config).some((f) => f.startsWith('security.'))).toBe(false);

    // O-26: restoring version 1 touches a sensitive field: it waits for an approval, then equals version 1 field by field.
    const r = (await call(t.owner, C.configRestore, { version: 1, comment: 'back to the start' })).value;
    expect(r).toMatchObject({ status: 'draft', restoreOf: 1, sensitive: ['security.lockMinutes'] });
    expect((await call(t.owner2, C.configDraftApprove, { id: r.id, revision: r.revision })).success).toBe(true);
    const v5 = await call(t.owner, C.configDraftPublish, { id: r.id, comment: 'back to the start' });
    expect(v5.value).toMatchObject({ number: 5, restoredFrom: 1 });
    expect(await config()).toEqual(found);
    expect((await call(t.owner, C.configRestore, { version: 1, comment: 'nothing to do' })).message).toBe(M.empty);
    expect((await call(t.owner, C.configRestore, { version: 99, comment: 'no such' })).message).toBe(M.unknownVersion);
  });

  it('publishes one draft once under 50 parallel publishes, and a scheduled one once at its time (or waits when its field changed)', async () => {
    const found = await config();
    const before = Number(await versionCount());
    const d = await draft(t.owner, { [`flag.${flagA}`]: !found[`flag.${flagA}`] });
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(t.owner, C.configDraftPublish, { id: d.id, comment: 'race' })));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success).every((a) => a.message === M.closed)).toBe(true);
    expect(Number(await versionCount())).toBe(before + 1);

    // O-25: scheduled back; the job publishes it once, however many runs; a past time is refused.
    const s = await draft(t.owner, { [`flag.${flagA}`]: found[`flag.${flagA}`]! });
    expect((await call(t.owner, C.configDraftSchedule, { id: s.id, comment: 'later', at: new Date(Date.now() - 1000).toISOString() })).message).toBe(
      M.pastSchedule,
    );
    const at = new Date(Date.now() + 60_000);
    expect((await call(t.owner, C.configDraftSchedule, { id: s.id, comment: 'later', at: at.toISOString() })).success).toBe(true);
    expect(await publishDue(ctx, new Date(at.getTime() - 1000))).toBe(0);
    const runs = await Promise.all([1, 2, 3].map(() => publishDue(ctx, new Date(at.getTime() + 1000))));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await publishDue(ctx, new Date(at.getTime() + 2000))).toBe(0);
    expect(Number(await versionCount())).toBe(before + 2);
    expect(await config()).toEqual(found);

    // A scheduled change whose field changed meanwhile is blocked and waits for a person.
    const b = await draft(t.owner, { [`flag.${flagB}`]: !found[`flag.${flagB}`] });
    expect((await call(t.owner, C.configDraftSchedule, { id: b.id, comment: 'later', at: at.toISOString() })).success).toBe(true);
    const flip = await call(t.owner, C.configDraftCreate);
    await call(t.owner, C.configDraftEdit, { id: flip.value.id, set: { [`flag.${flagB}`]: !found[`flag.${flagB}`] } });
    expect((await call(t.owner, C.configDraftPublish, { id: flip.value.id, comment: 'first' })).success).toBe(true);
    expect(await publishDue(ctx, new Date(at.getTime() + 1000))).toBe(0);
    const open = (await call(t.owner, C.configDrafts)).value.drafts as { id: number; blocked: string[] | null }[];
    expect(open.find((x) => x.id === b.id)?.blocked).toEqual([`flag.${flagB}`]);
    expect((await call(t.owner, C.configDraftDiscard, { id: b.id })).value.status).toBe('discarded');
    // Leave the settings as found.
    await call(t.owner, C.configRestore, { version: before, comment: 'as found' });
    expect(await config()).toEqual(found);

    // An operator holds at most MAX_OPEN_DRAFTS open drafts (each costs every read of the list).
    const answers2 = [];
    for (let i = 0; i < MAX_OPEN_DRAFTS; i++) answers2.push(await call(t.content, C.configDraftCreate));
    expect(answers2.filter((a) => !a.success).map((a) => a.message)).toEqual([M.tooMany]);
  });

  it('a sensitive direct setter changes nothing live: its change waits in a draft for a second operator, then is published with a version', async () => {
    const found = await config();
    const versionBefore = await configVersion();
    const versionsBefore = Number(await versionCount());
    const other = (field: string, a: number, b: number) => (found[field] === a ? b : a);
    // O-27: each sensitive setter (thresholds, agent limits, a money flag, a security flag) drafts only the fields that differ.
    const setters: [TCallDescriptor, Record<string, unknown>, string, boolean | number][] = [
      [OPERATOR_CALLS.setSecurity, { lockMinutes: other('security.lockMinutes', 40, 41) }, 'security.lockMinutes', other('security.lockMinutes', 40, 41)],
      [
        OPERATOR_CALLS.setAgentLimits,
        { maxDepth: other('agent.maxDepth', 4, 5), maxDirectAgents: found['agent.maxDirectAgents'] },
        'agent.maxDepth',
        other('agent.maxDepth', 4, 5),
      ],
      [OPERATOR_CALLS.setFlag, { modId: 'DIVIDEND', enabled: !found['flag.DIVIDEND'] }, 'flag.DIVIDEND', !found['flag.DIVIDEND']],
      [OPERATOR_CALLS.setFlag, { modId: 'REGMOBVERF3', enabled: !found['flag.REGMOBVERF3'] }, 'flag.REGMOBVERF3', !found['flag.REGMOBVERF3']],
    ];
    const drafted: { id: number; field: string; value: boolean | number }[] = [];
    for (const [d, payload, field, value] of setters) {
      const r = await call(t.owner, d, payload);
      expect(r.value?.awaitingApproval, `${d.path} ${r.message}`).toEqual({ draftId: expect.any(Number), fields: [field] });
      // The same change again (a second click) answers the same draft.
      expect((await call(t.owner, d, payload)).value.awaitingApproval.draftId).toBe(r.value.awaitingApproval.draftId);
      drafted.push({ id: r.value.awaitingApproval.draftId, field, value });
    }
    expect(await config()).toEqual(found);
    expect(await configVersion()).toBe(versionBefore);
    expect(Number(await versionCount())).toBe(versionsBefore);
    // The drafts list shows them to every operator, each needing a second operator.
    const listed = (await call(t.owner2, C.configDrafts)).value.drafts as { id: number; sensitive: string[]; authorUsername: string }[];
    for (const d of drafted) expect(listed.find((x) => x.id === d.id)).toMatchObject({ sensitive: [d.field], authorUsername: 'demo_operator' });

    // Only the approve and publish flow makes them live: never the author's approval, a second operator's, then the author's publish.
    let number = versionsBefore;
    for (const d of drafted) {
      expect((await call(t.owner, C.configDraftPublish, { id: d.id, comment: 'direct' })).message).toBe(M.needsApproval);
      expect((await call(t.owner, C.configDraftApprove, { id: d.id, revision: 1 })).message).toBe(M.ownApproval);
      expect((await call(t.owner2, C.configDraftApprove, { id: d.id, revision: 1 })).success).toBe(true);
      const v = await call(t.owner, C.configDraftPublish, { id: d.id, comment: 'approved change' });
      expect(v.value).toMatchObject({ number: ++number, kind: 'publish', approvedByUsername: 'demo_owner2', diff: [{ field: d.field, to: d.value }] });
      expect((await config())[d.field]).toBe(d.value);
    }
    expect(await configVersion()).toBe(versionBefore + drafted.length);

    const ownerId = (await demoOperatorRow(ctx.db, 'demo_operator').select('id').executeTakeFirstOrThrow()).id;
    // A direct change that would write a sensitive field fails and writes nothing (the guard behind O-27).
    await expect(
      ctx.db
        .transaction()
        .execute((trx) =>
          withDirectVersion(trx, merchantId, ownerId, 'security.set', () =>
            trx.updateTable('merchants').set({ lock_minutes: 99 }).where('id', '=', merchantId).execute(),
          ),
        ),
    ).rejects.toThrow(/docs\/0127/);

    // O-28: 50 parallel calls of one operator: the same change makes one draft; different ones no more than the cap; nothing is live.
    const live = await config();
    const lock = (i: number) => ({ lockMinutes: 100 + i });
    const same = await Promise.all(Array.from({ length: 50 }, () => call(t.owner, OPERATOR_CALLS.setSecurity, lock(0))));
    expect(new Set(same.map((a) => a.value?.awaitingApproval?.draftId)).size).toBe(1);
    const many = await Promise.all(Array.from({ length: 50 }, (_, i) => call(t.owner, OPERATOR_CALLS.setSecurity, lock(i + 1))));
    expect(many.filter((a) => !a.success).every((a) => a.message === M.tooMany)).toBe(true);
    const open = await ctx.db.selectFrom('config_change_sets').select('id').where('author_id', '=', ownerId).where('status', '=', 'draft').execute();
    expect(open).toHaveLength(MAX_OPEN_DRAFTS);
    expect(await config()).toEqual(live);
    for (const o of open) await call(t.owner, C.configDraftDiscard, { id: o.id });

    // Back as found: a restore of the version before, approved by the second operator.
    const r = (await call(t.owner, C.configRestore, { version: versionsBefore, comment: 'as found' })).value;
    expect((await call(t.owner2, C.configDraftApprove, { id: r.id, revision: r.revision })).success).toBe(true);
    expect((await call(t.owner, C.configDraftPublish, { id: r.id, comment: 'as found' })).success).toBe(true);
    expect(await config()).toEqual(found);
  });

  it('edits a banner and a popup as a draft: the author previews their words, members see them once published, a restore brings the old ones back', async () => {
    const read = async (language: 'en' | 'bn') => {
      const res = await ctx.app.inject({ url: WPS_PATHS.announcements, headers: { language } });
      return ZEnvelope(ZAnnouncementsResponse).parse(res.json()).value!;
    };
    const before = await read('bn');
    const banner = before.banners.find((b) => b.groupName === 'w_home')!;
    const popup = before.popup[0]!;
    const titleField = `content.banner.${banner.id}.titleBn`;
    const bodyField = `content.popup.${popup.id}.contentBn`;
    const found = await config();
    expect(found[titleField]).toBe(banner.title);
    expect(found[bodyField]).toBe(popup.content);
    const versionsBefore = Number(await versionCount());

    // The open drafts the journeys above left to this role are put away first (at most MAX_OPEN_DRAFTS each).
    for (const open of (await call(t.content, C.configDrafts)).value.drafts.filter((x: { authorUsername: string }) => x.authorUsername === 'demo_content'))
      await call(t.content, C.configDraftDiscard, { id: open.id });
    // Bad words change nothing: blank, a NUL, a title too long for its artwork, a field that is no row's.
    const d = (await call(t.content, C.configDraftCreate)).value;
    for (const [field, value] of [
      [titleField, '   '],
      [titleField, 'a\u0000b'],
      [titleField, 'x'.repeat(121)],
      [bodyField, 'y'.repeat(1001)],
      [`content.banner.${banner.id}.sort`, '1'],
      [`content.banner.999999.titleBn`, 'x'],
    ] as const) {
      const a = await call(t.content, C.configDraftEdit, { id: d.id, set: { [field]: value } });
      expect(a.success, field).toBe(false);
    }
    // Another brand's banner is no field of this one.
    const other = await ctx.db.selectFrom('banners').select('id').where('merchant_id', '<>', merchantId).executeTakeFirstOrThrow();
    expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { [`content.banner.${other.id}.titleBn`]: 'x' } })).message).toBe(M.unknownField);
    // A role without content.write may not draft the words.
    const f = (await call(t.finance, C.configDraftCreate)).value;
    expect((await call(t.finance, C.configDraftEdit, { id: f.id, set: { [titleField]: 'x' } })).success).toBe(false);
    await call(t.finance, C.configDraftDiscard, { id: f.id });

    const title = '  নতুন অফার: ১০০% বোনাস <b>&  ';
    const body = 'প্রথম লাইন\nদ্বিতীয় লাইন';
    const edited = await call(t.content, C.configDraftEdit, { id: d.id, set: { [titleField]: title, [bodyField]: body } });
    expect(edited.value.changes).toEqual({ [titleField]: title.trim(), [bodyField]: body });
    expect(edited.value.sensitive).toEqual([]);

    // Invisible to members until published; the author's preview shows the words and draws the artwork with them.
    expect(await read('bn')).toEqual(before);
    const previewOf = (token: string) => call(token, C.configPreviewContent, { id: d.id, language: 'bn' });
    const preview = (await previewOf(t.content)).value;
    const drafted = preview.banners.find((b: { id: number }) => b.id === banner.id);
    expect(drafted.title).toBe(title.trim());
    expect(Buffer.from(drafted.imageUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('নতুন অফার: ১০০% বোনাস &lt;b&gt;&amp;');
    expect(preview.popup.find((p: { id: number }) => p.id === popup.id).content).toBe(body);
    expect((await previewOf(t.owner)).success).toBe(false);
    // The draft changed the Bengali words only: the English preview is the published English.
    const enPreview = (await call(t.content, C.configPreviewContent, { id: d.id, language: 'en' })).value;
    expect(enPreview.banners.find((b: { id: number }) => b.id === banner.id).title).toBe((await read('en')).banners.find((b) => b.id === banner.id)!.title);

    // Published without a second operator (words are not sensitive): members see them, open pages hear of it,
    // and the artwork is drawn with the new title at a new address.
    const versionBefore = await configVersion();
    const v = await call(t.content, C.configDraftPublish, { id: d.id, comment: 'banner words' });
    expect(v.success, v.message ?? '').toBe(true);
    expect(await configVersion()).toBe(versionBefore + 1);
    const after = await read('bn');
    const shown = after.banners.find((b) => b.id === banner.id)!;
    expect(shown.title).toBe(title.trim());
    expect(shown.imageUrl).not.toBe(banner.imageUrl);
    expect(after.popup.find((p) => p.id === popup.id)!.content).toBe(body);
    const art = await ctx.app.inject({ url: shown.imageUrl });
    expect(art.body).toContain('নতুন অফার');

    // A restore of the version before makes the words what they were.
    const r = await call(t.owner, C.configRestore, { version: versionsBefore, comment: 'old banner' });
    expect(r.success, r.message ?? '').toBe(true);
    expect(await config()).toEqual(found);
    expect(await read('bn')).toEqual(before);
  });

  it("drafts a banner's link with how it opens, checked together, and a popup's audience", async () => {
    for (const open of (await call(t.content, C.configDrafts)).value.drafts.filter((x: { authorUsername: string }) => x.authorUsername === 'demo_content'))
      await call(t.content, C.configDraftDiscard, { id: open.id });
    const found = await config();
    const id = Object.keys(found)
      .map((f) => /^content\.banner\.(\d+)\.linkageType$/.exec(f)?.[1])
      .find((b) => b !== undefined && found[`content.banner.${b}.linkageType`] === 'INTERNAL')!;
    const [url, opens] = [`content.banner.${id}.url`, `content.banner.${id}.linkageType`];
    const popup = Object.keys(found).find((f) => /^content\.popup\.\d+\.execution$/.test(f))!;
    const d = (await call(t.content, C.configDraftCreate)).value;
    // Never a script, another site by a path, plain http, a space or an address without a host; no other kinds.
    for (const [field, value] of [
      [url, 'javascript:alert(1)'],
      [url, '//evil.example/x'],
      [url, 'http://example.com'],
      [url, '/a b'],
      [url, 'https://'],
      [opens, 'POPUP'],
      [popup, 'Z'],
    ] as const)
      expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { [field]: value } })).message, `${field} ${value}`).toBe(M.badValue);
    // Opening outside the site with a path of the site does not fit: the publish names the link.
    expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { [opens]: 'EXTERNAL', [popup]: 'F' } })).success).toBe(true);
    const refused = await call(t.content, C.configDraftPublish, { id: d.id, comment: 'link out' });
    expect(refused.message).toBe(M.badValue);
    expect(refused.value).toMatchObject({ fields: [url] });
    expect(await config()).toEqual(found);
    expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { [url]: 'https://facebook.example/lucky?x=1' } })).success).toBe(true);
    const preview = (await call(t.content, C.configPreviewContent, { id: d.id, language: 'en' })).value;
    expect(preview.banners.find((b: { id: number }) => b.id === Number(id))).toMatchObject({
      url: 'https://facebook.example/lucky?x=1',
      linkageType: 'EXTERNAL',
    });
    expect((await call(t.content, C.configDraftPublish, { id: d.id, comment: 'link out' })).success).toBe(true);
    const after = await config();
    expect([after[url], after[opens], after[popup]]).toEqual(['https://facebook.example/lucky?x=1', 'EXTERNAL', 'F']);
    // Back as found (a restore of the version before).
    const versions = (await call(t.owner, C.configVersions)).value.versions as { number: number }[];
    expect((await call(t.owner, C.configRestore, { version: versions[1]!.number, comment: 'links back' })).success).toBe(true);
    expect(await config()).toEqual(found);
  });

  it("drafts a banner's group, place and whether it shows, and a popup's: previewed by its author, published in order, restored (docs/0139)", async () => {
    const read = async () => {
      const res = await ctx.app.inject({ url: WPS_PATHS.announcements, headers: { language: 'en' } });
      return ZEnvelope(ZAnnouncementsResponse).parse(res.json()).value!;
    };
    const ids = (list: { id: number; groupName?: string }[], group?: string) => list.filter((b) => !group || b.groupName === group).map((b) => b.id);
    for (const open of (await call(t.content, C.configDrafts)).value.drafts.filter((x: { authorUsername: string }) => x.authorUsername === 'demo_content'))
      await call(t.content, C.configDraftDiscard, { id: open.id });
    const before = await read();
    const found = await config();
    const versionsBefore = Number(await versionCount());
    const home = ids(before.banners, 'w_home');
    expect(home.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = home as [number, number, number];
    const popup = before.popup[0]!.id;
    expect(found[`content.banner.${first}.shown`]).toBe(true);
    expect(found[`content.banner.${first}.group`]).toBe('w_home');

    const d = (await call(t.content, C.configDraftCreate)).value;
    // Only a group of the site, a whole place of 0–9999, a switch.
    for (const [field, value] of [
      [`content.banner.${first}.group`, 'w_nowhere'],
      [`content.banner.${first}.sort`, -1],
      [`content.banner.${first}.sort`, 10_000],
      [`content.banner.${first}.sort`, 1.5],
      [`content.banner.${first}.shown`, 'no'],
      [`content.popup.${popup}.shown`, 0],
      [`content.popup.${popup}.group`, 'w_home'],
    ] as const)
      expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { [field]: value } })).success, `${field} ${value}`).toBe(false);
    const set = {
      [`content.banner.${first}.sort`]: 9999,
      [`content.banner.${second}.shown`]: false,
      [`content.banner.${third}.group`]: 'w_login',
      [`content.popup.${popup}.shown`]: false,
    };
    const edited = await call(t.content, C.configDraftEdit, { id: d.id, set });
    expect(edited.success, edited.message ?? '').toBe(true);
    expect(edited.value.sensitive).toEqual([]);
    const expected = (a: typeof before) => ({
      home: [...ids(a.banners, 'w_home').filter((b) => b !== first && b !== second && b !== third), first],
      // Within a group, by place, then by id.
      login: [...ids(a.banners, 'w_login'), third].sort(
        (x, y) => Number(found[`content.banner.${x}.sort`]) - Number(found[`content.banner.${y}.sort`]) || x - y,
      ),
      popups: ids(a.popup).filter((p) => p !== popup),
    });
    const want = expected(before);

    // Members see nothing of it; its author's preview shows the new order, the hidden ones gone, the moved one in its group.
    expect(await read()).toEqual(before);
    const preview = (await call(t.content, C.configPreviewContent, { id: d.id, language: 'en' })).value;
    expect({ home: ids(preview.banners, 'w_home'), login: ids(preview.banners, 'w_login'), popups: ids(preview.popup) }).toEqual(want);
    expect((await call(t.owner, C.configPreviewContent, { id: d.id, language: 'en' })).success).toBe(false);

    expect((await call(t.content, C.configDraftPublish, { id: d.id, comment: 'banner order' })).success).toBe(true);
    const after = await read();
    expect({ home: ids(after.banners, 'w_home'), login: ids(after.banners, 'w_login'), popups: ids(after.popup) }).toEqual(want);
    // A hidden banner keeps its row: the field is still there, off.
    expect((await config())[`content.banner.${second}.shown`]).toBe(false);

    // A restore of the version before puts every banner and popup back where and as it was.
    const r = await call(t.owner, C.configRestore, { version: versionsBefore, comment: 'order back' });
    expect(r.success, r.message ?? '').toBe(true);
    expect(await config()).toEqual(found);
    expect(await read()).toEqual(before);
  });

  it('drafts the registration form: a field on, off or required, published to the form and enforced; the human check is no field; restored (docs/0140)', async () => {
    type TFormField = { field: string; enabled: boolean; required: boolean };
    const form = async () => ((await ctx.app.inject({ url: WPS_PATHS.registerSettings })).json() as { value: { fields: TFormField[] } }).value.fields;
    const of = (fields: TFormField[], name: string) => fields.find((f) => f.field === name)!;
    for (const token of [t.content, t.owner])
      for (const open of (await call(token, C.configDrafts)).value.drafts.filter((x: { authorUsername: string }) => x.authorUsername !== 'demo_owner2'))
        await call(token, C.configDraftDiscard, { id: open.id });
    const before = await form();
    const found = await config();
    const versionsBefore = Number(await versionCount());
    expect([of(before, 'email').enabled, of(before, 'email').required, of(before, 'payeeName').enabled]).toEqual([true, false, true]);
    expect([found['register.email.required'], found['register.payeeName.enabled']]).toEqual([false, true]);

    const d = (await call(t.content, C.configDraftCreate)).value;
    // The username and password are always asked; only the form's own fields are fields; switches only.
    for (const field of ['register.username.enabled', 'register.password.required', 'register.confirmPassword.enabled', 'register.nothing.enabled'])
      expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { [field]: false } })).message, field).toBe(M.unknownField);
    expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { 'register.email.required': 'yes' } })).message).toBe(M.badValue);
    // The picture check and the SMS code prove a person: the server's alone (a captcha always, the code
    // where REGMOBVERF3 asks), no field for any role, the owner's either.
    expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { 'register.captcha.enabled': false } })).success).toBe(false);
    const o = (await call(t.owner, C.configDraftCreate)).value;
    for (const field of ['register.captcha.enabled', 'register.verificationCode.required'])
      expect((await call(t.owner, C.configDraftEdit, { id: o.id, set: { [field]: false } })).message, field).toBe(M.unknownField);
    await call(t.owner, C.configDraftDiscard, { id: o.id });
    const edited = await call(t.content, C.configDraftEdit, { id: d.id, set: { 'register.email.required': true, 'register.payeeName.enabled': false } });
    expect(edited.success, edited.message ?? '').toBe(true);
    expect(edited.value.sensitive).toEqual([]);
    expect(await form()).toEqual(before);

    expect((await call(t.content, C.configDraftPublish, { id: d.id, comment: 'email asked' })).success).toBe(true);
    const after = await form();
    expect([of(after, 'email').required, of(after, 'payeeName').enabled]).toEqual([true, false]);
    // The server asks for what the form shows: no e-mail, no account.
    const values = { username: 'regform1', password: 'Abcd1234', confirmPassword: 'Abcd1234', mobileNum: '1712000301' };
    const refused = (await registerMember(ctx, 'username', values)).json() as { success: boolean };
    expect(refused.success).toBe(false);
    expect(await ctx.db.selectFrom('members').select('id').where('username', '=', 'regform1').executeTakeFirst()).toBeUndefined();
    const registered = (await registerMember(ctx, 'username', { ...values, email: 'regform1@example.com' })).json() as {
      success: boolean;
      message: string | null;
    };
    expect(registered.success, registered.message ?? '').toBe(true);

    // With the e-mail row required, a registration still needs its solved captcha.
    const noCaptcha = (
      await registerMember(ctx, 'username', { ...values, username: 'regform2', mobileNum: '1712000302', email: 'regform2@example.com' }, { captcha: 'wrong' })
    ).json() as {
      success: boolean;
    };
    expect(noCaptcha.success).toBe(false);

    // A restore of the version before gives the form back as it was.
    const r = await call(t.owner, C.configRestore, { version: versionsBefore, comment: 'form back' });
    expect(r.success, r.message ?? '').toBe(true);
    expect(await config()).toEqual(found);
    expect(await form()).toEqual(before);
  });

  it("drafts a game category's place in the menus: published to the catalogue's order, restored (docs/0141)", async () => {
    const order = async () =>
      ((await ctx.app.inject({ url: WPS_PATHS.gameMenus, headers: { language: 'en' } })).json() as { value: { gameType: string }[] }).value.map(
        (c) => c.gameType,
      );
    for (const open of (await call(t.content, C.configDrafts)).value.drafts.filter((x: { authorUsername: string }) => x.authorUsername === 'demo_content'))
      await call(t.content, C.configDraftDiscard, { id: open.id });
    const before = await order();
    const found = await config();
    const versionsBefore = Number(await versionCount());
    expect(before.length).toBeGreaterThanOrEqual(3);
    const last = before[before.length - 1]!;
    expect(typeof found[`menu.${last}.sort`]).toBe('number');
    const d = (await call(t.content, C.configDraftCreate)).value;
    for (const value of [-1, 10_000, 2.5, 'first'])
      expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { [`menu.${last}.sort`]: value } })).success, String(value)).toBe(false);
    expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { 'menu.NOPE.sort': 0 } })).message).toBe(M.unknownField);
    expect((await call(t.content, C.configDraftEdit, { id: d.id, set: { [`menu.${last}.sort`]: 0 } })).success).toBe(true);
    expect(await order()).toEqual(before);
    expect((await call(t.content, C.configDraftPublish, { id: d.id, comment: 'category first' })).success).toBe(true);
    expect(await order()).toEqual([last, ...before.slice(0, -1)]);
    expect((await call(t.owner, C.configRestore, { version: versionsBefore, comment: 'order back' })).success).toBe(true);
    expect(await config()).toEqual(found);
    expect(await order()).toEqual(before);
  });
});
