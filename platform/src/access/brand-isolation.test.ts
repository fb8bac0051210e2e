import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TYPES, ALL_CALLS, MEMBER_TYPE, WPS_HEADERS, WPS_PATHS, type TCallDescriptor } from '@wl/schemas';
import { callKey } from '@wl/schemas/wps/call-gates';
import { usePlatform } from '../test-support/db.ts';
import { encryptedLogin, registerMember } from '../test-support/http.ts';
import { hashPassword } from '../session/password.service.ts';
import { sampleInput, withValueAt } from '../test-support/input-samples.ts';
import { createMerchant } from '../merchant/create-merchant.ts';
import { DEMO_ACCOUNTS, DEMO_ROLE_OPERATORS } from '../seed/seed.ts';

/**
 * Brands never see nor touch each other's sessions and rows (docs/0131: one deployment, several
 * merchants, each request naming its merchant). Generated from ALL_CALLS like declared-access: a
 * call is probed the day it is declared. Merchant A is the seeded demo merchant; B is a real
 * merchant made here with createMerchant, its owner, a member with A's demo member's username and
 * an agent, and rows of its own.
 */

const ctx = usePlatform();

const B = { code: 'BRANDB', name: 'Brand Bee', owner: 'owner_brandb', ownerPassword: 'Brand-Bee-Owner-77' };
/** Registered on both brands (A first): the same username in each, a member of its own. */
const B_MEMBER = { username: 'twinuser1', password: 'BeeMember99' };
const A_TWIN_PASSWORD = 'AyeMember99';
/** A's demo member's username, also a member of B (inserted: registration rules refuse its underscore). */
const B_DEMO_NAMESAKE_PASSWORD = 'BeeDemo1234';
const B_AGENT = { username: 'beeagent1', password: 'BeeAgent99' };

type TBrand = 'A' | 'B';
const merchants = {} as Record<TBrand, { id: number; code: string }>;
/** Sessions of each brand, by kind. */
const tokens = {} as Record<TBrand, Record<string, string>>;

/** A call on `brand` (its Merchant header), with `token` or none. */
function call(brand: TBrand, method: string, url: string, token: string | null, input?: unknown) {
  const headers: Record<string, string> = { [WPS_HEADERS.merchant]: merchants[brand].code };
  if (token !== null) headers.authorization = token;
  const query = method === 'GET' && input !== undefined ? toQuery(input) : undefined;
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(method === 'GET' ? {} : { payload: (input ?? {}) as object }),
    ...(query ? { query } : {}),
  });
}

/** A GET's input as its query string: objects and arrays as JSON, the rest as text. */
function toQuery(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (v === undefined) continue;
    out[k] = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  }
  return out;
}

async function operatorToken(brand: TBrand, username: string, password: string): Promise<string> {
  const res = (await call(brand, 'POST', WPS_PATHS.operatorLogin, null, { username, password })).json();
  expect(res, username).toMatchObject({ success: true });
  return res.value.token as string;
}

async function memberToken(brand: TBrand, username: string, password: string): Promise<string> {
  const res = (await encryptedLogin(ctx.app, { username, password }, { [WPS_HEADERS.merchant]: merchants[brand].code })).json();
  expect(res, `${brand} ${username}`).toMatchObject({ success: true });
  return res.value.token as string;
}

/** Registers a member of B as the web does (B's captcha, B's Merchant header). */
const registerOnB = (username: string, password: string, mobileNum: string) =>
  registerMember(ctx, 'username', { username, password, confirmPassword: password, mobileNum }, {}, B.code);

beforeAll(async () => {
  const a = await ctx.db.selectFrom('merchants').select(['id', 'code']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  const { merchantId } = await createMerchant(ctx.db, { code: B.code, name: B.name, ownerUsername: B.owner, ownerPassword: B.ownerPassword });
  merchants.A = a;
  merchants.B = { id: merchantId, code: B.code };
  const twinOnA = (
    await registerMember(ctx, 'username', { username: B_MEMBER.username, password: A_TWIN_PASSWORD, confirmPassword: A_TWIN_PASSWORD, mobileNum: '1719000003' })
  ).json();
  expect(twinOnA, JSON.stringify(twinOnA)).toMatchObject({ success: true });
  await ctx.db
    .insertInto('members')
    .values({
      merchant_id: merchantId,
      username: DEMO_ACCOUNTS.member.username,
      nickname: 'namesake',
      password_hash: await hashPassword(B_DEMO_NAMESAKE_PASSWORD),
      type: MEMBER_TYPE,
    })
    .execute();
  for (const [username, password, mobile] of [
    [B_MEMBER.username, B_MEMBER.password, '1719000001'],
    [B_AGENT.username, B_AGENT.password, '1719000002'],
  ] as const) {
    const reg = (await registerOnB(username, password, mobile)).json();
    expect(reg, `register ${username} on B: ${JSON.stringify(reg)}`).toMatchObject({ success: true });
  }
  await ctx.db.updateTable('members').set({ type: AGENT_TYPES[0] }).where('merchant_id', '=', merchantId).where('username', '=', B_AGENT.username).execute();
  const firstOf = async (table: 'members' | 'operators', merchantId: number, username: string) =>
    (await ctx.db.selectFrom(table).select('id').where('merchant_id', '=', merchantId).where('username', '=', username).executeTakeFirstOrThrow()).id;
  rows.A = {
    member: await firstOf('members', a.id, DEMO_ACCOUNTS.member.username),
    operator: await firstOf('operators', a.id, DEMO_ACCOUNTS.operator.username),
  };
  rows.B = { member: await firstOf('members', merchantId, B_MEMBER.username), operator: await firstOf('operators', merchantId, B.owner) };
  tokens.A = {
    member: await memberToken('A', DEMO_ACCOUNTS.member.username, DEMO_ACCOUNTS.member.password),
    agent: await memberToken('A', DEMO_ACCOUNTS.agent.username, DEMO_ACCOUNTS.agent.password),
    owner: await operatorToken('A', DEMO_ACCOUNTS.operator.username, DEMO_ACCOUNTS.operator.password),
  };
  for (const op of DEMO_ROLE_OPERATORS) if (op.role !== 'owner') tokens.A[op.role] = await operatorToken('A', op.username, op.password);
  tokens.B = {
    member: await memberToken('B', B_MEMBER.username, B_MEMBER.password),
    agent: await memberToken('B', B_AGENT.username, B_AGENT.password),
    owner: await operatorToken('B', B.owner, B.ownerPassword),
  };
});

const other = (brand: TBrand): TBrand => (brand === 'A' ? 'B' : 'A');

/** `status code message` of an answer. */
function answerOf(res: { statusCode: number; json(): unknown }): string {
  const body = res.json() as { code?: number; message?: string | null };
  return `${res.statusCode} ${body.code} ${body.message}`;
}

/** Every call that reads a session (declared-access.test.ts). */
const GUARDED = ALL_CALLS.filter((d) => d.audience.kind !== 'visitor' && d.audience.kind !== 'server' && d.audience.kind !== 'byInput');
/** Logouts go last: one that crossed brands would end a session the other probes use (the last check finds it). */
const LOGOUTS = new Set([callKey('DELETE', WPS_PATHS.logout), callKey('DELETE', WPS_PATHS.operatorLogout)]);
const GUARDED_LOGOUTS_LAST = [
  ...GUARDED.filter((d) => !LOGOUTS.has(callKey(d.method, d.path))),
  ...GUARDED.filter((d) => LOGOUTS.has(callKey(d.method, d.path))),
];
const OPERATOR_KINDS = new Set(['owner', 'finance', 'support', 'content']);
const emptyUrl = (d: TCallDescriptor) => d.path.replace(/:[A-Za-z]+/g, 'x');

describe('sessions never cross brands', () => {
  for (const brand of ['A', 'B'] as const) {
    it(`refuses ${brand}'s sessions on ${other(brand)} as no session, on every guarded call`, async () => {
      const on = other(brand);
      const out: string[] = [];
      let probes = 0;
      for (const d of GUARDED_LOGOUTS_LAST) {
        const url = emptyUrl(d);
        const none = answerOf(await call(on, d.method, url, null));
        if (none.startsWith('200')) out.push(`${callKey(d.method, d.path)}: served without a session (${none})`);
        for (const [kind, token] of Object.entries(tokens[brand])) {
          // A member's session on an operator call (or the reverse) is refused on any brand (declared-access.test.ts).
          if ((d.audience.kind === 'operator') !== OPERATOR_KINDS.has(kind)) continue;
          const got = answerOf(await call(on, d.method, url, token));
          probes++;
          if (got !== none) out.push(`${callKey(d.method, d.path)} with ${brand}'s ${kind}: ${got}, expected ${none}`);
        }
      }
      expect(out).toEqual([]);
      expect(probes).toBeGreaterThan(GUARDED.length);
      // The sessions still work on their own brand: the probes did not end them.
      for (const [kind, token] of Object.entries(tokens[brand])) {
        const url = kind === 'member' || kind === 'agent' ? WPS_PATHS.memberInfo : WPS_PATHS.operatorSystem;
        expect(answerOf(await call(brand, 'GET', url, token)), `${brand} ${kind}`).toMatch(/^200 /);
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Ids never cross brands.

/** Where a row named by an input field lives: its table and the column the field carries. */
type TRowRef = { table: string; column?: string };

/** A field whose name says which row it is, whatever the call. */
const FIELD_ROWS: Record<string, TRowRef> = {
  memberId: { table: 'members' },
  operatorId: { table: 'operators' },
  username: { table: 'members', column: 'username' },
  promotionId: { table: 'promotions' },
  awardId: { table: 'bonus_awards' },
  goodsId: { table: 'points_goods' },
  missionId: { table: 'missions' },
  ticketId: { table: 'reward_tickets' },
  raffleId: { table: 'raffles' },
  channelId: { table: 'deposit_channels' },
  bankAccountId: { table: 'member_bank_accounts' },
  withdrawalId: { table: 'withdrawals' },
  proofId: { table: 'withdrawal_proofs' },
  contractId: { table: 'agent_contracts' },
  depositId: { table: 'deposits' },
  adjustmentId: { table: 'balance_adjustments' },
  changeId: { table: 'money_setting_changes' },
  reviewId: { table: 'bonus_reviews' },
  applicationId: { table: 'promotion_applications' },
  payoutId: { table: 'cashback_payouts' },
  orderId: { table: 'points_orders' },
  messageId: { table: 'chat_messages' },
  ruleId: { table: 'ticket_rules' },
  nodeId: { table: 'games', column: 'node_id' },
  gameCode: { table: 'games', column: 'game_code' },
};

/** `id` (and image ids) name the row of their call's area: the first path prefix that matches. */
const PATH_ROWS: [prefix: string, field: string, row: TRowRef][] = [
  ['/wps/member/messages/', 'id', { table: 'member_messages' }],
  ['/wps/agent/invitations/', 'id', { table: 'agent_invitations' }],
  ['/wps/operator/promotions', 'id', { table: 'promotions' }],
  ['/wps/promotions/detail', 'id', { table: 'promotions' }],
  ['/wps/member/feedback', 'id', { table: 'feedback' }],
  ['/wps/operator/feedback', 'id', { table: 'feedback' }],
  ['/wps/operator/messages/', 'id', { table: 'operator_messages' }],
  ['/wps/operator/points/goods/', 'id', { table: 'points_goods' }],
  ['/wps/operator/missions/', 'id', { table: 'missions' }],
  ['/wps/operator/leaderboards/', 'id', { table: 'leaderboards' }],
  ['/wps/operator/ticketRules/', 'id', { table: 'ticket_rules' }],
  ['/wps/operator/raffles/', 'id', { table: 'raffles' }],
  ['/wps/operator/config/drafts/', 'id', { table: 'config_change_sets' }],
  ['/wps/operator/config/versions/restore', 'version', { table: 'config_versions', column: 'number' }],
  ['/wps/operator/money/settings', 'id', { table: 'deposit_channels' }],
  ['/wps/member/promotions/apply', 'imageId', { table: 'promotion_application_images' }],
  ['/wps/member/promotions/apply', 'imageIds', { table: 'promotion_application_images' }],
  ['/wps/operator/promotions/applications/image', 'imageId', { table: 'promotion_application_images' }],
  ['/wps/member/feedback', 'imageId', { table: 'feedback_images' }],
  ['/wps/member/feedback', 'imageIds', { table: 'feedback_images' }],
  ['/wps/operator/feedback/image', 'imageId', { table: 'feedback_images' }],
];

/**
 * Fields whose name looks like an id but that name no row of a brand, or calls whose ids are proven
 * otherwise, with the reason. A new id-taking call must be mapped above or listed here.
 */
const NOT_ROWS: Record<string, string> = {
  captchaId: 'a one-time captcha, hashed and read with the request merchant (login and registration answer a wrong captcha)',
  challengeId: 'a one-time second-factor challenge of a login, a random secret of its session',
  modId: 'a whitelabel module code, the same set in every brand (each brand switches its own nodes)',
  idempotencyKey: 'a key the caller chooses, stored with its own member',
};
/** Inputs the sampler cannot make valid (a refinement across fields, a password rule), from the sample with its ids. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const RANGE = { from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' };
const HAND_INPUTS: Record<string, (sample: Record<string, unknown>) => unknown> = {
  [callKey('GET', '/wps/agent/reports/bets')]: (s) => ({ ...s, ...RANGE }),
  [callKey('GET', '/wps/agent/reports/profit')]: (s) => ({ ...s, ...RANGE }),
  [callKey('GET', '/wps/agent/reports/transactions')]: (s) => ({ ...s, ...RANGE }),
  [callKey('GET', '/wps/operator/games/rounds')]: (s) => ({ ...s, ...RANGE }),
  [callKey('PUT', '/wps/operator/promotions')]: (s) => ({ ...s, startsAt: RANGE.from, endsAt: RANGE.to }),
  [callKey('POST', '/wps/operator/raffles/save')]: (s) => ({ ...s, startsAt: RANGE.from, endsAt: RANGE.to }),
  [callKey('POST', '/wps/operator/missions/reward')]: (s) => ({ ...s, turnoverMultiple: null }),
  [callKey('POST', '/wps/operator/ticketRules/prizes')]: (s) => ({
    ...s,
    prizes: [{ kind: 'cash', amount: 100, turnoverMultiple: null, oddsBp: 10_000, stock: null, fallback: true }],
  }),
  [callKey('POST', '/wps/operator/config/drafts/edit')]: (s) => ({ ...s, set: {}, unset: [] }),
  [callKey('POST', '/wps/operator/messages')]: (s) => ({ ...s, audience: 'member' }),
  [callKey('PUT', '/wps/member/feedback')]: (s) => ({ ...s, content: 'A question about a deposit.' }),
  [callKey('POST', '/wps/operator/messages')]: (s) => ({ ...s, audience: 'member', sendAt: undefined }),
  [callKey('POST', '/wps/agent/downlines/register')]: (s) => ({ ...s, password: 'Abcd1234', confirmPassword: 'Abcd1234' }),
  [callKey('POST', '/wps/member/withdraw/proof')]: (s) => ({ ...s, base64: PNG }),
  [callKey('POST', '/wps/member/promotions/apply/image')]: (s) => ({ ...s, base64: PNG }),
  [callKey('PUT', '/wps/operator/promotions/banner')]: (s) => ({ ...s, base64: PNG }),
};

/** Probes answered 400 before the id is read, and why that is no gap. */
const UNREACHED: Record<string, string> = {
  // These answer 400 for the id itself: the other brand's row is unknown here.
  [callKey('POST', '/wps/member/deposit')]: 'deposit_channel_unavailable: the channel id is no channel of this brand',
  [callKey('POST', '/wps/operator/adjustments')]: 'adjustment_member_unknown: the username is no member of this brand',
  [callKey('PUT', '/wps/member/feedback')]: "an unknown image id (the other brand's image)",
  [callKey('POST', '/wps/member/points/redeem')]: 'the withdrawal password is checked first; the goods id is read with the merchant (points.test.ts)',
  [callKey('POST', '/wps/session/login')]: 'a visitor login by username: the same username in both brands is tested below',
};

/** Whole calls left out of the id probes, with the reason. */
const NOT_PROBED: Record<string, string> = {
  // Server-to-server calls: the merchant is the signed provider's (docs/0081), never a header.
  ...Object.fromEntries(
    ALL_CALLS.filter((d) => d.audience.kind === 'server').map((d) => [
      callKey(d.method, d.path),
      'a server call: its merchant is the caller it proves, not the Merchant header',
    ]),
  ),
  [callKey('POST', '/wps/wlg/crash/cashOut')]: 'a game call: the game session token names the member and merchant; betId is checked against that session',
  [callKey('POST', '/wps/wlg/lottery/bet')]: 'a game call: the game session token names the member and merchant; drawId is checked against its game',
  [callKey('GET', '/wps/wlg/lottery/numero')]: 'public lottery numbers of a game code, no member data',
  [callKey('POST', '/wps/agent/downlines/register')]:
    "registers the username in the caller's own brand (it would then be the caller's member); the same username in both brands is tested below",
  [callKey('GET', '/wps/assets/game/:file')]: 'a public asset file by its content name, no row of a brand',
  [callKey('GET', '/wps/assets/vendor/:file')]: 'a public asset file by its content name, no row of a brand',
  [callKey('GET', '/wps/assets/banner/:file')]: 'a public asset file by its content name, no row of a brand',
  [callKey('GET', '/wps/assets/avatar/:file')]: 'a public asset file by its content name, no row of a brand',
  [callKey('GET', '/wps/game/demo/:nodeId')]: 'the public demo of a game, read from the request merchant catalogue (visitor)',
};

const isIdName = (name: string) => /^(id|ids|version)$|[a-z](Id|Ids)$/.test(name) || name === 'username';
/** The field name of a leaf: its last key that is no array index. */
const fieldName = (path: readonly string[]) => [...path].reverse().find((k) => !/^\d+$/.test(k)) ?? '';

function rowOf(d: TCallDescriptor, field: string): TRowRef | string | null {
  const byPath = PATH_ROWS.find(([prefix, f]) => f === field && d.path.startsWith(prefix));
  if (byPath) return byPath[2];
  if (FIELD_ROWS[field]) return FIELD_ROWS[field];
  if (NOT_ROWS[field]) return NOT_ROWS[field];
  return null;
}

/** Tables with the column that says whose a row is: merchant_id, else member_id, else a parent. */
const PARENTS: Record<string, string> = {
  member_messages: 'join members p on p.id = t.member_id',
  member_bank_accounts: 'join members p on p.id = t.member_id',
  withdrawal_proofs: 'join withdrawals p on p.id = t.withdrawal_id',
};

/** The first row of `victim` in `ref`'s table whose value is no row of `caller` (a natural key shared by both names the caller's own). */
async function victimValue(ref: TRowRef, victim: TBrand, caller: TBrand, own = false): Promise<unknown> {
  const col = ref.column ?? 'id';
  const owner = PARENTS[ref.table] ? `${PARENTS[ref.table]} where p.merchant_id` : 'where t.merchant_id';
  const notCallers = own ? '' : `and t.${col} not in (select t.${col} from ${ref.table} t ${owner} = ${merchants[caller].id})`;
  const q = `select t.${col} as v from ${ref.table} t ${owner} = ${merchants[victim].id} ${notCallers} order by t.id limit 1`;
  const r = await sql.raw<{ v: unknown }>(q).execute(ctx.db);
  return r.rows[0]?.v;
}

/** Column values a generic row cannot guess (a checked status or kind), by table. */
const ROW_VALUES: Record<string, (brand: TBrand) => Record<string, unknown>> = {
  // A version number of each brand's own (numbers count per merchant).
  config_versions: (brand) => ({ number: brand === 'A' ? 901 : 902 }),
};

/**
 * A row of `brand` in `table` made from its columns: each required column without a default gets a
 * plain value, each reference the brand's row of the referenced table (made first when it has none),
 * the members and operators its own. For the tables the seed leaves empty, so that every id a call
 * takes names a real row of the other brand.
 */
async function insertRow(table: string, brand: TBrand, depth = 0): Promise<unknown> {
  if (depth > 4) throw new Error(`insertRow: references too deep at ${table}`);
  const cols = await sql<{ column_name: string; data_type: string; udt_name: string }>`
    select column_name, data_type, udt_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_nullable = 'NO' and column_default is null`.execute(ctx.db);
  const fks = await sql<{ col: string; ref: string }>`
    select a.attname as col, cf.relname as ref from pg_constraint c
    join pg_class t on t.oid = c.conrelid join pg_class cf on cf.oid = c.confrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and t.relname = ${table} and t.relnamespace = current_schema()::regnamespace`.execute(ctx.db);
  const refOf = new Map(fks.rows.map((r) => [r.col, r.ref]));
  // A column checked against a list of values (a status, a kind) takes the first of them.
  const checks = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_class t on t.oid = c.conrelid
    where c.contype = 'c' and t.relname = ${table} and t.relnamespace = current_schema()::regnamespace`.execute(ctx.db);
  const listed = new Map<string, string>();
  for (const { def } of checks.rows) {
    const m = /^CHECK \(\(?\(?(\w+)\)?(?:::text)?\)? = ANY \(\(?ARRAY\['([^']*)'/.exec(def);
    if (m && !listed.has(m[1]!)) listed.set(m[1]!, m[2]!);
  }
  const values: Record<string, unknown> = {};
  for (const c of cols.rows) {
    const name = c.column_name;
    const ref = refOf.get(name);
    const given = ROW_VALUES[table]?.(brand) ?? {};
    if (name in given) values[name] = given[name];
    else if (listed.has(name)) values[name] = listed.get(name);
    else if (name === 'merchant_id' || ref === 'merchants') values[name] = merchants[brand].id;
    else if (ref === 'members') values[name] = rows[brand].member;
    else if (ref === 'operators') values[name] = rows[brand].operator;
    else if (ref) values[name] = (await victimValue({ table: ref }, brand, brand, true)) ?? (await insertRow(ref, brand, depth + 1));
    else if (c.data_type === 'boolean') values[name] = false;
    else if (/int|numeric/.test(c.data_type)) values[name] = 1;
    else if (c.data_type.startsWith('timestamp')) values[name] = new Date(/end|expire|until|due/.test(name) ? '2099-01-01T00:00:00Z' : '2026-01-01T00:00:00Z');
    else if (c.data_type === 'date') values[name] = '2026-01-01';
    else if (c.data_type === 'jsonb' || c.data_type === 'json') values[name] = '{}';
    else if (c.data_type === 'ARRAY') values[name] = '{}';
    else if (c.data_type === 'bytea') values[name] = Buffer.from('iso');
    // 10–16 characters, unique: fits the length checks of texts, references and keys alike.
    else values[name] = `isolation${brand}${++madeTexts}`;
  }
  const row = await ctx.db
    .insertInto(table as 'members')
    .values(values as never)
    .returning(sql<unknown>`id`.as('id'))
    .executeTakeFirstOrThrow();
  return row.id;
}

let madeTexts = 0;

/** Each brand's own member and operator that generic rows belong to. */
const rows = {} as Record<TBrand, { member: number; operator: number }>;

/** Every id-taking call: its id leaves, each with the row it names (or why none). */
const ID_CALLS = ALL_CALLS.flatMap((d) => {
  const s = sampleInput(d.input);
  const ids = s.leaves.filter((l) => isIdName(fieldName(l.path)));
  const params = [...d.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  if (ids.length === 0 && params.length === 0) return [];
  return [{ d, sample: s.value, ids, params }];
});

/**
 * A fingerprint of every row of `brand`, table by table: each table with a merchant_id column, or a
 * member_id column (its members' rows), or a parent in PARENTS. Equal before and after proves nothing of it changed.
 */
async function fingerprint(brand: TBrand): Promise<Record<string, string>> {
  const cols = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_name in ('merchant_id', 'member_id', 'operator_id')`.execute(ctx.db);
  const by = new Map<string, Set<string>>();
  for (const r of cols.rows) by.set(r.table_name, (by.get(r.table_name) ?? new Set()).add(r.column_name));
  const id = merchants[brand].id;
  const parts: string[] = [];
  for (const [table, c] of [...by].sort()) {
    const where = c.has('merchant_id')
      ? `t.merchant_id = ${id}`
      : c.has('member_id')
        ? `t.member_id in (select id from members where merchant_id = ${id})`
        : `t.operator_id in (select id from operators where merchant_id = ${id})`;
    parts.push(`select '${table}' as t, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t where ${where}`);
  }
  for (const [table, join] of Object.entries(PARENTS)) {
    if (by.has(table)) continue;
    parts.push(`select '${table}' as t, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t ${join} where p.merchant_id = ${id}`);
  }
  const r = await sql.raw<{ t: string; h: string }>(parts.join(' union all ')).execute(ctx.db);
  return Object.fromEntries(r.rows.map((row) => [row.t, row.h]));
}

/** The token a call is made with: its audience's session of `brand`. */
function tokenFor(d: TCallDescriptor, brand: TBrand): string {
  const kind = d.audience.kind;
  return kind === 'operator' ? tokens[brand].owner! : kind === 'agent' ? tokens[brand].agent! : tokens[brand].member!;
}

describe('ids never cross brands', () => {
  it('maps every id field of every declared call to its row, or says why it names none', () => {
    const unmapped = ID_CALLS.flatMap(({ d, ids, params }) =>
      NOT_PROBED[callKey(d.method, d.path)]
        ? []
        : [...ids.map((l) => fieldName(l.path)), ...params].filter((f) => rowOf(d, f) === null).map((f) => `${callKey(d.method, d.path)} ${f}`),
    );
    expect(unmapped).toEqual([]);
  });

  for (const [caller, victim] of [
    ['B', 'A'],
    ['A', 'B'],
  ] as const) {
    it(`${caller}'s sessions, on ${caller}, with ${victim}'s row ids: nothing of ${victim} is answered or changed`, async () => {
      // First every input, making the rows of the victim the seed has none of; then the probes.
      const probes: { d: TCallDescriptor; input: unknown }[] = [];
      for (const { d, sample, ids } of ID_CALLS) {
        if (NOT_PROBED[callKey(d.method, d.path)]) continue;
        let input = sample;
        let named = 0;
        for (const leaf of ids) {
          const ref = rowOf(d, fieldName(leaf.path));
          if (ref === null || typeof ref === 'string') continue;
          let v = await victimValue(ref, victim, caller);
          if (v === undefined)
            v = ref.column ? (await insertRow(ref.table, victim), await victimValue(ref, victim, caller)) : await insertRow(ref.table, victim);
          expect(v, `${callKey(d.method, d.path)} ${leaf.path.join('.')}: a row of ${victim} in ${ref.table}`).toBeDefined();
          input = withValueAt(input, leaf.path, leaf.type === 'string' ? String(v) : v);
          named++;
        }
        if (named > 0) probes.push({ d, input: HAND_INPUTS[callKey(d.method, d.path)]?.(input as Record<string, unknown>) ?? input });
      }
      const before = await fingerprint(victim);
      const leaks: string[] = [];
      const unreached: string[] = [];
      // What only the victim has: its usernames and the texts of the rows made here.
      const victimNames = (await ctx.db.selectFrom('members').select('username').where('merchant_id', '=', merchants[victim].id).execute())
        .map((m) => m.username)
        .filter((u) => u !== B_MEMBER.username && u !== DEMO_ACCOUNTS.member.username);
      const marks = [`isolation${victim}`, ...victimNames.map((u) => `"${u}"`)];
      for (const { d, input } of probes) {
        const key = callKey(d.method, d.path);
        const res = await call(caller, d.method, d.path, tokenFor(d, caller), input);
        const body = res.json() as { success: boolean; message: string | null; value: unknown };
        if (body.success && marks.some((m) => JSON.stringify(body.value).includes(m))) leaks.push(`${key}: ${res.body.slice(0, 300)}`);
        if (res.statusCode === 400 && !UNREACHED[key]) unreached.push(`${key} ${JSON.stringify(input).slice(0, 200)} → ${res.body.slice(0, 200)}`);
      }
      expect(leaks).toEqual([]);
      // A probe refused for its input never reached the id it carries: it needs a hand-written input.
      expect(unreached).toEqual([]);
      expect(probes.length).toBeGreaterThan(60);
      expect(await fingerprint(victim)).toEqual(before);
    });
  }
});

describe('the same username in both brands', () => {
  it('logs each member in on its own brand only, a wrong login on the other leaving no mark on it', async () => {
    const login = (brand: TBrand, username: string, password: string) =>
      encryptedLogin(ctx.app, { username, password }, { [WPS_HEADERS.merchant]: merchants[brand].code });
    const aDemo = () =>
      ctx.db
        .selectFrom('members')
        .selectAll()
        .where('merchant_id', '=', merchants.A.id)
        .where('username', '=', DEMO_ACCOUNTS.member.username)
        .executeTakeFirstOrThrow();
    const throttle = () => sql<{ n: number }>`select count(*)::int as n from login_throttle where merchant_id = ${merchants.A.id}`.execute(ctx.db);
    const before = { member: await aDemo(), throttle: (await throttle()).rows[0]!.n };
    // twinuser1 registered on A and on B, each with its own password.
    expect((await login('A', B_MEMBER.username, A_TWIN_PASSWORD)).json()).toMatchObject({ success: true });
    expect((await login('B', B_MEMBER.username, B_MEMBER.password)).json()).toMatchObject({ success: true });
    expect((await login('B', B_MEMBER.username, A_TWIN_PASSWORD)).json()).toMatchObject({ success: false, message: 'error_invalid_credentials' });
    // A's demo member's password on B (where demo_member is another account) is a wrong login there.
    const wrong = (await login('B', DEMO_ACCOUNTS.member.username, DEMO_ACCOUNTS.member.password)).json();
    expect(wrong).toMatchObject({ success: false, message: 'error_invalid_credentials' });
    expect((await login('B', DEMO_ACCOUNTS.member.username, B_DEMO_NAMESAKE_PASSWORD)).json()).toMatchObject({ success: true });
    // Nothing of A's demo member counted the wrong login on B.
    expect(await aDemo()).toEqual(before.member);
    expect((await throttle()).rows[0]!.n).toBe(before.throttle);
  });
});

describe('reads per merchant by nature', () => {
  it('answers B its own merchant, whitelabel and config version', async () => {
    const get = async (brand: TBrand, path: string) => (await call(brand, 'GET', path, null)).json().value;
    const infoB = await get('B', WPS_PATHS.domainRoute);
    expect(infoB).toMatchObject({ merchantCode: B.code, merchantName: B.name });
    expect(await get('A', WPS_PATHS.domainRoute)).toMatchObject({ merchantCode: 'DEMO' });
    const [versionA, versionB] = [await get('A', WPS_PATHS.configVersion), await get('B', WPS_PATHS.configVersion)];
    const rowOfB = await ctx.db.selectFrom('merchants').select('config_version').where('id', '=', merchants.B.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(versionB)).toContain(String(rowOfB.config_version));
    expect(versionA).toBeDefined();
    // The whitelabel tree B answers is B's rows (its own node switches), not A's.
    const whitelabelB = JSON.stringify(await get('B', WPS_PATHS.whitelabel));
    const nodesB = await ctx.db.selectFrom('whitelabel_nodes').select('id').where('merchant_id', '=', merchants.B.id).execute();
    expect(nodesB.length).toBeGreaterThan(0);
    expect(whitelabelB).toBe(JSON.stringify(infoB.whitelabel));
  });
});
