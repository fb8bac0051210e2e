import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import {
  REGISTRATION_FIELDS,
  ZAgentLimits,
  ZBannerGroup,
  ZSecuritySettings,
  flagPermission,
  zText,
  type TConfigMap,
  type TConfigValue,
  type TOperatorPermission,
} from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/**
 * The merchant's configuration as change sets and versions see it (docs/0123): a flat map of fields
 * to switches and whole numbers. `system.*` and the login `security.*` thresholds and `agent.*`
 * limits are columns of the merchant; `flag.<modId>` is one whitelabel node (a flag or a game
 * category); `content.banner.<id>.<text>` and `content.popup.<id>.<text>` are the words of one
 * banner or popup in one language (docs/0133), its link, and its group, place and whether it shows
 * (docs/0139); `register.<field>.enabled` / `.required` is one field of the registration form
 * (docs/0140); `menu.<gameType>.sort` is a game category's place in the menus (docs/0141). Money settings, marquee notices and the catalogue's games are not fields (yet).
 */

type TMerchantColumn =
  | 'maintenance'
  | 'region_restriction'
  | 'captcha_after_failures'
  | 'lock_after_failures'
  | 'lock_window_minutes'
  | 'lock_minutes'
  | 'idle_timeout_minutes'
  | 'session_lifetime_hours'
  | 'agent_max_depth'
  | 'agent_max_direct_agents'
  | 'languages';

type TFieldSpec = { value: z.ZodType<TConfigValue>; permission: TOperatorPermission; sensitive: boolean };
/** A merchant-column field; a column that is not a switch or a number says how it reads as a field's value and back. */
type TColumnField = TFieldSpec & { column: TMerchantColumn; fromColumn?: (value: unknown) => TConfigValue; toColumn?: (value: TConfigValue) => unknown };

const S = ZSecuritySettings.shape;
const A = ZAgentLimits.shape;
const security = (column: TMerchantColumn, value: z.ZodType<number>): TColumnField => ({ column, value, permission: 'security.write', sensitive: true });

/**
 * The merchant-column fields. SENSITIVE (docs/0123, rule O-22): the login security thresholds and
 * the agent limits; a change of one is published only after a second operator approved it.
 */
export const COLUMN_FIELDS: Readonly<Record<string, TColumnField>> = {
  'system.maintenance': { column: 'maintenance', value: ZBool(), permission: 'system.write', sensitive: false },
  'system.regionRestriction': { column: 'region_restriction', value: ZBool(), permission: 'system.write', sensitive: false },
  'security.captchaAfterFailures': security('captcha_after_failures', S.captchaAfterFailures),
  'security.lockAfterFailures': security('lock_after_failures', S.lockAfterFailures),
  'security.lockWindowMinutes': security('lock_window_minutes', S.lockWindowMinutes),
  'security.lockMinutes': security('lock_minutes', S.lockMinutes),
  'security.idleTimeoutMinutes': security('idle_timeout_minutes', S.idleTimeoutMinutes),
  'security.sessionLifetimeHours': security('session_lifetime_hours', S.sessionLifetimeHours),
  'agent.maxDepth': security('agent_max_depth', A.maxDepth),
  'agent.maxDirectAgents': security('agent_max_direct_agents', A.maxDirectAgents),
  // docs/0136: the languages the brand's site offers, its default first, as "bn,en".
  'system.languages': {
    column: 'languages',
    value: z
      .string()
      .regex(/^(bn|en)(,(bn|en))?$/)
      .refine((v) => new Set(v.split(',')).size === v.split(',').length),
    permission: 'system.write',
    sensitive: false,
    fromColumn: (value) => (value as string[]).join(','),
    toColumn: (value) => JSON.stringify(String(value).split(',')),
  },
};

function ZBool(): z.ZodType<boolean> {
  return z.boolean();
}

export const FLAG_PREFIX = 'flag.';

/**
 * The content fields (docs/0133, docs/0139): each editable column of a banner and a popup, by its
 * field suffix. A banner's title is drawn into its artwork (34 characters a line), so it is kept
 * short; a popup's body may have lines. A banner's link is a path of the site or an https address,
 * with how it opens (checked together when published: `contentLinkProblems`); a popup's execution
 * says to whom it shows (A members, B visitors, F a first login). A banner's group is where it shows
 * (home, side menu, login, register, forgot password); `sort` orders each list (ties by id); `shown`
 * false takes it off the site and keeps the row, so a restore brings it back.
 */
const CONTENT_TABLES = { banner: 'banners', popup: 'popups' } as const;
type TContentKind = keyof typeof CONTENT_TABLES;
type TContentColumn = 'title_en' | 'title_bn' | 'content_en' | 'content_bn' | 'url' | 'linkage_type' | 'execution' | 'group_name' | 'sort' | 'shown';
type TContentSpec = { column: TContentColumn; value: z.ZodType<TConfigValue> };
const TITLE = zText({ max: 120, min: 1 });
const BODY = zText({ max: 1000, min: 1, multiline: true });
/** '' (no link), a path of the site (never `//`, which leaves it), or an https address; no space or control character. */
const LINK = zText({ max: 500, trim: false }).regex(/^(|\/(?!\/)\S*|https:\/\/[^\s/]+(\/\S*)?)$/);
const PLACE: TContentSpec = { column: 'sort', value: z.number().int().min(0).max(9999) };
const SHOWN: TContentSpec = { column: 'shown', value: z.boolean() };
const CONTENT_FIELDS: Readonly<Record<TContentKind, Readonly<Record<string, TContentSpec>>>> = {
  banner: {
    titleEn: { column: 'title_en', value: TITLE },
    titleBn: { column: 'title_bn', value: TITLE },
    url: { column: 'url', value: LINK },
    linkageType: { column: 'linkage_type', value: z.enum(['INTERNAL', 'EXTERNAL', 'NONE']) },
    group: { column: 'group_name', value: ZBannerGroup },
    sort: PLACE,
    shown: SHOWN,
  },
  popup: {
    titleEn: { column: 'title_en', value: TITLE },
    titleBn: { column: 'title_bn', value: TITLE },
    contentEn: { column: 'content_en', value: BODY },
    contentBn: { column: 'content_bn', value: BODY },
    execution: { column: 'execution', value: z.enum(['A', 'B', 'F']) },
    sort: PLACE,
    shown: SHOWN,
  },
};

/**
 * The banners of a configuration whose link does not fit how it opens: INTERNAL needs a path of the
 * site, EXTERNAL an https address (NONE opens nothing, whatever its link). Answers their url fields.
 */
export function contentLinkProblems(config: TConfigMap): string[] {
  const problems: string[] = [];
  for (const [field, kind] of Object.entries(config)) {
    const m = /^content\.banner\.(\d+)\.linkageType$/.exec(field);
    if (!m || kind === 'NONE') continue;
    const url = String(config[`content.banner.${m[1]}.url`] ?? '');
    if (kind === 'INTERNAL' ? !url.startsWith('/') : !url.startsWith('https://')) problems.push(`content.banner.${m[1]}.url`);
  }
  return problems;
}
export const CONTENT_PREFIX = 'content.';
const CONTENT_FIELD = /^content\.(banner|popup)\.(\d{1,9})\.([A-Za-z]+)$/;

/** A content field's row and column, or null when the name is not one. */
export function contentField(field: string): ({ kind: TContentKind; id: number } & TContentSpec) | null {
  const m = CONTENT_FIELD.exec(field);
  if (!m) return null;
  const kind = m[1] as TContentKind;
  const spec = CONTENT_FIELDS[kind][m[3]!];
  return spec ? { kind, id: Number(m[2]), ...spec } : null;
}

export const REGISTER_PREFIX = 'register.';
/**
 * Rows of the registration form that are no fields: the username, password and its confirmation
 * are always asked (without them it registers no one), and the human check is the server's alone —
 * a solved captcha always, the SMS code where the REGMOBVERF3 security flag asks for it
 * (`buildRegistrationSchema` forces or drops `verificationCode`, the form never shows a `captcha`
 * row) — so switches on those two rows would change nothing.
 */
const NOT_FIELDS: readonly string[] = ['username', 'password', 'confirmPassword', 'captcha', 'verificationCode'];
const REGISTER_FIELD = /^register\.([A-Za-z]+)\.(enabled|required)$/;

/** A registration field's row and column (docs/0140; whitelabel.write, not sensitive), or null when the name is not one. */
export function registerField(field: string): { name: string; column: 'enabled' | 'required' } | null {
  const m = REGISTER_FIELD.exec(field);
  const name = m?.[1];
  if (!m || !name || !(REGISTRATION_FIELDS as readonly string[]).includes(name) || NOT_FIELDS.includes(name)) return null;
  return { name, column: m[2] as 'enabled' | 'required' };
}

export const MENU_PREFIX = 'menu.';
const MENU_FIELD = /^menu\.([A-Z]+)\.sort$/;
const GAME_NODE_PREFIX = 'GAME_';

/** A game category's place field (docs/0141): the mod id of its GAME_<type> node, or null. */
export function menuField(field: string): string | null {
  const type = MENU_FIELD.exec(field)?.[1];
  return type ? `${GAME_NODE_PREFIX}${type}` : null;
}

/** The content fields of a merchant's banners and popups, read from their rows. */
async function readContent(db: Kysely<DB>, merchantId: number): Promise<TConfigMap> {
  const [banners, popups] = await Promise.all([
    db
      .selectFrom('banners')
      .select(['id', 'title_en', 'title_bn', 'url', 'linkage_type', 'group_name', 'sort', 'shown'])
      .where('merchant_id', '=', merchantId)
      .execute(),
    db
      .selectFrom('popups')
      .select(['id', 'title_en', 'title_bn', 'content_en', 'content_bn', 'execution', 'sort', 'shown'])
      .where('merchant_id', '=', merchantId)
      .execute(),
  ]);
  const config: TConfigMap = {};
  const put = (kind: TContentKind, row: { id: number } & Partial<Record<TContentColumn, TConfigValue>>) => {
    for (const [suffix, spec] of Object.entries(CONTENT_FIELDS[kind])) config[`${CONTENT_PREFIX}${kind}.${row.id}.${suffix}`] = row[spec.column]!;
  };
  for (const b of banners) put('banner', b);
  for (const p of popups) put('popup', p);
  return config;
}

/**
 * What a field needs: null when the configuration has no such field. A flag needs the permission
 * its PUT needs (docs/0066); a flag that pays money or weakens logins is SENSITIVE like the
 * security thresholds.
 */
export function fieldSpec(field: string, config: TConfigMap): TFieldSpec | null {
  if (!(field in config)) return null;
  const column = COLUMN_FIELDS[field];
  if (column) return column;
  const content = contentField(field);
  if (content) return { value: content.value, permission: 'content.write', sensitive: false };
  if (registerField(field)) return { value: ZBool(), permission: 'whitelabel.write', sensitive: false };
  if (menuField(field)) return { value: PLACE.value, permission: 'whitelabel.write', sensitive: false };
  const permission = flagPermission(field.slice(FLAG_PREFIX.length));
  return { value: ZBool(), permission, sensitive: permission !== 'whitelabel.write' };
}

/**
 * Whether a field's change needs a second operator (O-22), by its name alone: the same list as
 * fieldSpec. A direct setter asks it before it writes (rule O-27, docs/0127).
 */
export function isSensitiveField(field: string): boolean {
  const column = COLUMN_FIELDS[field];
  if (column) return column.sensitive;
  return field.startsWith(FLAG_PREFIX) && flagPermission(field.slice(FLAG_PREFIX.length)) !== 'whitelabel.write';
}

/** The merchant's whole configuration now, its fields in name order. */
export async function readConfig(db: Kysely<DB>, merchantId: number): Promise<TConfigMap> {
  const columns = [...new Set(Object.values(COLUMN_FIELDS).map((f) => f.column))];
  const [m, nodes, content, registration] = await Promise.all([
    db.selectFrom('merchants').select(columns).where('id', '=', merchantId).executeTakeFirstOrThrow(),
    db.selectFrom('whitelabel_nodes').select(['mod_id', 'enabled', 'sort']).where('merchant_id', '=', merchantId).execute(),
    readContent(db, merchantId),
    db.selectFrom('registration_fields').select(['field', 'enabled', 'required']).where('merchant_id', '=', merchantId).execute(),
  ]);
  const config: TConfigMap = { ...content };
  for (const r of registration) {
    if (!registerField(`${REGISTER_PREFIX}${r.field}.enabled`)) continue;
    config[`${REGISTER_PREFIX}${r.field}.enabled`] = r.enabled;
    config[`${REGISTER_PREFIX}${r.field}.required`] = r.required;
  }
  for (const [field, spec] of Object.entries(COLUMN_FIELDS))
    config[field] = spec.fromColumn ? spec.fromColumn(m[spec.column]) : (m[spec.column] as TConfigValue);
  for (const n of nodes) {
    config[FLAG_PREFIX + n.mod_id] = n.enabled;
    if (n.mod_id.startsWith(GAME_NODE_PREFIX)) config[`${MENU_PREFIX}${n.mod_id.slice(GAME_NODE_PREFIX.length)}.sort`] = n.sort;
  }
  return Object.fromEntries(Object.entries(config).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Writes fields (each already checked against fieldSpec) in the caller's transaction. */
export async function writeConfig(trx: Transaction<DB>, merchantId: number, changes: TConfigMap): Promise<void> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    const column = COLUMN_FIELDS[field];
    const content = column ? null : contentField(field);
    const register = column || content ? null : registerField(field);
    const menu = column || content || register ? null : menuField(field);
    if (column) columns[column.column] = column.toColumn ? column.toColumn(value) : value;
    else if (menu)
      await trx
        .updateTable('whitelabel_nodes')
        .set({ sort: value as number })
        .where('merchant_id', '=', merchantId)
        .where('mod_id', '=', menu)
        .execute();
    else if (register)
      await trx
        .updateTable('registration_fields')
        .set({ [register.column]: value as boolean })
        .where('merchant_id', '=', merchantId)
        .where('field', '=', register.name)
        .execute();
    else if (content)
      await trx
        .updateTable(CONTENT_TABLES[content.kind])
        .set({ [content.column]: value })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', content.id)
        .execute();
    else
      await trx
        .updateTable('whitelabel_nodes')
        .set({ enabled: value as boolean })
        .where('merchant_id', '=', merchantId)
        .where('mod_id', '=', field.slice(FLAG_PREFIX.length))
        .execute();
  }
  if (Object.keys(columns).length > 0) await trx.updateTable('merchants').set(columns).where('id', '=', merchantId).execute();
}

/** Locks the merchant row: every change of its configuration (and every version) is made under it. */
export async function lockMerchant(trx: Transaction<DB>, merchantId: number): Promise<void> {
  await trx.selectFrom('merchants').select('id').where('id', '=', merchantId).forNoKeyUpdate().executeTakeFirstOrThrow();
}

export type TConfigDiff = { field: string; from: TConfigValue | null; to: TConfigValue | null }[];

/** The fields that differ between two configurations, in name order. */
export function configDiff(before: TConfigMap, after: TConfigMap): TConfigDiff {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return fields.filter((f) => before[f] !== after[f]).map((f) => ({ field: f, from: before[f] ?? null, to: after[f] ?? null }));
}

export type TVersionRecord = {
  merchantId: number;
  before: TConfigMap;
  after: TConfigMap;
  kind: 'direct' | 'publish';
  comment: string;
  authorId: number;
  approvedBy?: number | null;
  changeSetId?: number | null;
  restoredFrom?: number | null;
};

/**
 * Records a version of the configuration in the caller's transaction, which holds the merchant's
 * lock: nothing when nothing changed; the merchant's first change first keeps the configuration it
 * found as version 1 (kind initial). Returns the new version's number (null: nothing changed).
 */
export async function recordVersion(trx: Transaction<DB>, r: TVersionRecord): Promise<number | null> {
  const diff = configDiff(r.before, r.after);
  if (diff.length === 0) return null;
  const last = await trx
    .selectFrom('config_versions')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('merchant_id', '=', r.merchantId)
    .executeTakeFirst();
  let n = Number(last?.n ?? 0);
  if (n === 0) {
    n = 1;
    await trx
      .insertInto('config_versions')
      .values({ merchant_id: r.merchantId, number: 1, config: JSON.stringify(r.before), diff: '[]', kind: 'initial', comment: '', author_id: null })
      .execute();
  }
  await trx
    .insertInto('config_versions')
    .values({
      merchant_id: r.merchantId,
      number: n + 1,
      config: JSON.stringify(r.after),
      diff: JSON.stringify(diff),
      kind: r.kind,
      comment: r.comment,
      author_id: r.authorId,
      approved_by: r.approvedBy ?? null,
      change_set_id: r.changeSetId ?? null,
      restored_from: r.restoredFrom ?? null,
    })
    .execute();
  return n + 1;
}

/**
 * A direct console change (a setter of operator.service.ts) as a version (docs/0123): locks the
 * merchant, reads the configuration, runs the change, and records what it changed with its audit
 * action as the comment. A direct change never writes a sensitive field (rule O-27, docs/0127):
 * those setters draft instead; one that did fails here and its transaction writes nothing.
 */
export async function withDirectVersion<T>(trx: Transaction<DB>, merchantId: number, operatorId: number, action: string, change: () => Promise<T>): Promise<T> {
  await lockMerchant(trx, merchantId);
  const before = await readConfig(trx, merchantId);
  const result = await change();
  const after = await readConfig(trx, merchantId);
  const sensitive = configDiff(before, after).filter((d) => isSensitiveField(d.field));
  if (sensitive.length > 0) throw new Error(`a direct change wrote sensitive fields (${sensitive.map((d) => d.field).join(', ')}): docs/0127`);
  await recordVersion(trx, { merchantId, before, after, kind: 'direct', comment: action, authorId: operatorId });
  return result;
}
