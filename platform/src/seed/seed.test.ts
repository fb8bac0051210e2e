import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PAGE_MODULES, FEATURE_FLAGS, GAME_TYPES, MEMBER_PAGE_MODULES, decryptCsLink } from '@wl/schemas';
import type { TDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { freshDatabase, rowCounts } from '../test-support/db.ts';
import { verifyPassword } from '../session/password.service.ts';
import { ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import {
  DEFAULT_FLAGS,
  DEMO_ACCOUNTS,
  DEMO_CONTRACT_AGENT_BALANCE_MINOR,
  DEMO_MEMBER_BALANCE_MINOR,
  DEMO2_ACCOUNTS,
  DEMO2_BRAND,
  DEMO2_MEMBER_BALANCE_MINOR,
  DEMO2_ONLY_MEMBER_BALANCE_MINOR,
  seed,
} from './seed.ts';
import { DEMO_CONTRACTS } from './agent-contracts.ts';

describe('seed', () => {
  let database: TDatabase;
  /** The default demo merchant's id: DEMO2 has a demo_member and a demo_operator too. */
  let demoId: number;
  beforeAll(async () => {
    database = await freshDatabase();
    await migrate(database.db);
    expect(await seed(database.db, { merchantCode: 'DEMO' })).toEqual({ seeded: true });
    demoId = (await database.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => database.close());

  it('is idempotent: a second run changes nothing', async () => {
    const tables = ['merchants', 'merchant_hosts', 'games', 'members', 'operators', 'ledger_entries', 'whitelabel_nodes'] as const;
    const before = await rowCounts(database.db, [...tables]);
    expect(await seed(database.db, { merchantCode: 'DEMO' })).toEqual({ seeded: false });
    expect(await rowCounts(database.db, [...tables])).toEqual(before);
  });

  it('has at least 2,000 games, every category, more than 10 RNG vendors and about 30 hot games', async () => {
    const db = database.db;
    const { n } = await db
      .selectFrom('games')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBeGreaterThanOrEqual(2000);
    const perType = await db
      .selectFrom('vendors')
      .select(['game_type', sql<number>`count(*)::int`.as('n')])
      .groupBy('game_type')
      .execute();
    const vendors = Object.fromEntries(perType.map((r) => [r.game_type, r.n]));
    for (const t of GAME_TYPES) expect(vendors[t], t).toBeGreaterThan(0);
    expect(vendors.RNG).toBeGreaterThan(10);
    expect(vendors.LIVE).toBeGreaterThanOrEqual(4);
    const codes = (await db.selectFrom('vendors').select('vassalage').execute()).map((r) => r.vassalage);
    expect(codes).toEqual(expect.arrayContaining(['TCG_LOTTO_VN', 'TCG_SEA', 'IMES', 'SV3']));
    const hot = await db.selectFrom('games').select(['game_type']).where('is_hot', '=', true).execute();
    expect(hot.length).toBeGreaterThanOrEqual(25);
    expect(hot.length).toBeLessThanOrEqual(40);
    expect(new Set(hot.map((h) => h.game_type)).size).toBeGreaterThanOrEqual(6);
    const bengali = await db.selectFrom('games').select('name_bn').limit(20).execute();
    for (const g of bengali) expect(g.name_bn).toMatch(/[\u0980-\u09FF]/);
  });

  it('has every feature flag with its default, both centres and a node per game category', async () => {
    const nodes = await database.db.selectFrom('whitelabel_nodes').select(['mod_id', 'enabled', 'parent_id']).execute();
    const byId = new Map(nodes.map((n) => [n.mod_id, n]));
    for (const f of FEATURE_FLAGS) expect(byId.get(f)?.enabled, f).toBe(DEFAULT_FLAGS[f]);
    expect(byId.get('MOBILENUMPASSREG3')?.enabled).toBe(false);
    for (const t of GAME_TYPES) expect(byId.get(`GAME_${t}`)?.enabled).toBe(true);
    for (const m of Object.values(MEMBER_PAGE_MODULES)) expect(byId.get(m)?.parent_id).not.toBeNull();
    for (const m of Object.values(AGENT_PAGE_MODULES)) expect(byId.get(m)?.enabled).toBe(m !== 'DIVIDEND');
  });

  it('stores customer-service links encrypted and passwords only as argon2id hashes', async () => {
    const cs = await database.db.selectFrom('customer_service').select(['cs_type', 'path']).execute();
    expect(cs.map((c) => c.cs_type)).toEqual(['LIVECHAT', 'FACEBOOK', 'YOUTUBE']);
    for (const c of cs) {
      expect(c.path).not.toContain('https://');
      expect(decryptCsLink(c.path)).toMatch(/^https:\/\//);
    }
    const m = await database.db
      .selectFrom('members')
      .select(['password_hash'])
      .where('merchant_id', '=', demoId)
      .where('username', '=', DEMO_ACCOUNTS.member.username)
      .executeTakeFirstOrThrow();
    expect(m.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(m.password_hash, DEMO_ACCOUNTS.member.password)).toBe(true);
  });

  it('credits the demo member through the ledger and seeds the accounts', async () => {
    const db = database.db;
    const members = await db.selectFrom('members').select(['username', 'type', 'upline_id']).where('merchant_id', '=', demoId).execute();
    const byName = new Map(members.map((m) => [m.username, m]));
    expect(byName.get('demo_trial')?.type).toBe(4);
    expect(byName.get('demo_agent')?.type).toBe(1);
    expect(byName.get('demo_house')?.type).toBe(9);
    // The three downlines, demo_member and two sub-agents directly under demo_agent; the demo team
    // below the sub-agents, three levels deep (docs/0046).
    const agentId = (await db.selectFrom('members').select('id').where('username', '=', 'demo_agent').executeTakeFirstOrThrow()).id;
    expect(members.filter((m) => m.upline_id === agentId)).toHaveLength(6);
    const { deepest } = await db
      .selectFrom('member_tree')
      .select(sql<number>`max(depth)::int`.as('deepest'))
      .where('ancestor_id', '=', agentId)
      .executeTakeFirstOrThrow();
    expect(deepest).toBe(3);
    // The team's week of history went through the ledger: every invariant holds.
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
    const wallet = await db
      .selectFrom('ledger_accounts')
      .innerJoin('members', 'members.id', 'ledger_accounts.member_id')
      .select(['ledger_accounts.id', 'ledger_accounts.balance_minor'])
      .where('members.merchant_id', '=', demoId)
      .where('members.username', '=', 'demo_member')
      .executeTakeFirstOrThrow();
    expect(wallet.balance_minor).toBe(DEMO_MEMBER_BALANCE_MINOR);
    const { s } = await db
      .selectFrom('ledger_entries')
      .select(sql<number>`coalesce(sum(amount_minor), 0)::bigint`.as('s'))
      .where('account_id', '=', wallet.id)
      .executeTakeFirstOrThrow();
    expect(s).toBe(DEMO_MEMBER_BALANCE_MINOR);
    const operators = await db.selectFrom('operators').select(['username', 'role']).where('merchant_id', '=', demoId).orderBy('id').execute();
    expect(operators.map((o) => `${o.username}:${o.role}`)).toEqual([
      'demo_operator:owner',
      'demo_finance:finance',
      'demo_support:support',
      'demo_content:content',
      'demo_owner2:owner',
    ]);
  });

  it("seeds demo_agent2 under the operator, funded, with its own real-time salary and no team (the contracts journey's)", async () => {
    const db = database.db;
    const agent2 = await db
      .selectFrom('members')
      .select(['id', 'type', 'upline_id'])
      .where('username', '=', DEMO_ACCOUNTS.contractAgent.username)
      .executeTakeFirstOrThrow();
    expect(agent2).toMatchObject({ type: 1, upline_id: null });
    const { team } = await db
      .selectFrom('member_tree')
      .select(sql<number>`count(*)::int`.as('team'))
      .where('ancestor_id', '=', agent2.id)
      .where('depth', '>=', 1)
      .executeTakeFirstOrThrow();
    expect(team).toBe(0);
    const wallet = await db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('member_id', '=', agent2.id)
      .where('kind', '=', 'member_wallet')
      .executeTakeFirstOrThrow();
    expect(wallet.balance_minor).toBe(DEMO_CONTRACT_AGENT_BALANCE_MINOR);
    const contracts = await db.selectFrom('agent_contracts').select(['kind', 'state', 'upline_id', 'terms']).where('member_id', '=', agent2.id).execute();
    expect(contracts).toEqual([{ kind: 'realtime', state: 'accepted', upline_id: null, terms: DEMO_CONTRACTS.agent2 }]);
    const hash = (await db.selectFrom('members').select('password_hash').where('id', '=', agent2.id).executeTakeFirstOrThrow()).password_hash;
    expect(await verifyPassword(hash, DEMO_ACCOUNTS.contractAgent.password)).toBe(true);
  });

  it('seeds the second brand DEMO2 (docs/0131): its host, palette, games, content and accounts; demo_member in both brands is two members', async () => {
    const db = database.db;
    const brand = await db.selectFrom('merchants').select(['id', 'name', 'palette', 'demo']).where('code', '=', DEMO2_BRAND.code).executeTakeFirstOrThrow();
    expect(brand).toMatchObject({ name: 'Shapla Play', palette: 'emerald', demo: true });
    expect(await db.selectFrom('merchants').select('palette').where('id', '=', demoId).executeTakeFirstOrThrow()).toEqual({ palette: 'gold' });
    // localhost reaches DEMO2; no host names DEMO, the default every other host gets.
    expect(await db.selectFrom('merchant_hosts').select(['host', 'merchant_id']).execute()).toEqual([{ host: 'localhost', merchant_id: brand.id }]);
    const games = await db.selectFrom('games').select('engine').where('merchant_id', '=', brand.id).orderBy('engine').execute();
    expect(games.map((g) => g.engine)).toEqual(['crash', 'lottery', 'slot']);
    // Content of its own, in both languages.
    const banners = await db
      .selectFrom('banners')
      .select(['title_en', 'title_bn'])
      .where('merchant_id', '=', brand.id)
      .where('group_name', '=', 'w_home')
      .execute();
    expect(banners.length).toBeGreaterThanOrEqual(3);
    const demoTitles = (await db.selectFrom('banners').select('title_en').where('merchant_id', '=', demoId).execute()).map((b) => b.title_en);
    for (const b of banners) {
      expect(demoTitles).not.toContain(b.title_en);
      expect(b.title_bn).toMatch(/[\u0980-\u09FF]/);
    }
    const notices = await db.selectFrom('notices').select(['title_en', 'title_bn']).where('merchant_id', '=', brand.id).execute();
    expect(notices.length).toBeGreaterThanOrEqual(5);
    for (const n of notices) expect(n.title_bn).toMatch(/[\u0980-\u09FF]/);
    // The simulated channel is on, as the default demo's.
    const demoChannel = await db
      .selectFrom('deposit_channels')
      .select(['enabled', 'auto_settle_seconds'])
      .where('merchant_id', '=', brand.id)
      .where('code', '=', 'demo_instant')
      .executeTakeFirstOrThrow();
    expect(demoChannel.enabled).toBe(true);
    expect(demoChannel.auto_settle_seconds).not.toBeNull();

    const wallets = await db
      .selectFrom('members')
      .innerJoin('ledger_accounts', 'ledger_accounts.member_id', 'members.id')
      .select(['members.id', 'members.merchant_id', 'members.username', 'members.password_hash', 'ledger_accounts.balance_minor'])
      .where('members.username', 'in', [DEMO2_ACCOUNTS.member.username, DEMO2_ACCOUNTS.only.username])
      .where('ledger_accounts.kind', '=', 'member_wallet')
      .orderBy('members.id')
      .execute();
    expect(wallets.map((w) => [w.merchant_id === demoId ? 'DEMO' : 'DEMO2', w.username, w.balance_minor])).toEqual([
      ['DEMO', 'demo_member', DEMO_MEMBER_BALANCE_MINOR],
      ['DEMO2', 'demo_member', DEMO2_MEMBER_BALANCE_MINOR],
      ['DEMO2', 'demo2_member', DEMO2_ONLY_MEMBER_BALANCE_MINOR],
    ]);
    expect(new Set(wallets.map((w) => w.id)).size).toBe(3);
    for (const w of wallets) expect(await verifyPassword(w.password_hash, DEMO2_ACCOUNTS.member.password)).toBe(true);
    const owner = await db.selectFrom('operators').select(['username', 'role', 'password_hash']).where('merchant_id', '=', brand.id).execute();
    expect(owner.map((o) => [o.username, o.role])).toEqual([[DEMO2_ACCOUNTS.operator.username, 'owner']]);
    expect(await verifyPassword(owner[0]!.password_hash, DEMO2_ACCOUNTS.operator.password)).toBe(true);
    // Its money came from its own house account, through the ledger.
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
    const { s } = await db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select(sql<number>`coalesce(sum(ledger_entries.amount_minor), 0)::bigint`.as('s'))
      .where('ledger_accounts.merchant_id', '=', brand.id)
      .where('ledger_accounts.kind', '=', 'house')
      .executeTakeFirstOrThrow();
    expect(Number(s)).toBe(-(DEMO2_MEMBER_BALANCE_MINOR + DEMO2_ONLY_MEMBER_BALANCE_MINOR));
  });

  // Last: it renames the seeded brands of this file's database.
  it('adds DEMO2 to a database seeded without it, once, and never beside a real merchant', async () => {
    const db = database.db;
    // As a database seeded before the second brand existed: its DEMO2 renamed away, its host freed.
    await db.deleteFrom('merchant_hosts').execute();
    await db.updateTable('merchants').set({ code: 'OLD2' }).where('code', '=', DEMO2_BRAND.code).execute();
    let told = 0;
    expect(await seed(db, { merchantCode: 'DEMO', onSeeding: () => told++ })).toEqual({ seeded: true });
    expect(told).toBe(1);
    const added = await db.selectFrom('merchants').select('id').where('code', '=', DEMO2_BRAND.code).executeTakeFirstOrThrow();
    expect(await db.selectFrom('merchant_hosts').select(['host', 'merchant_id']).execute()).toEqual([{ host: 'localhost', merchant_id: added.id }]);
    const tables = ['merchants', 'merchant_hosts', 'members', 'operators', 'ledger_entries'] as const;
    const before = await rowCounts(db, [...tables]);
    expect(await seed(db, { merchantCode: 'DEMO', onSeeding: () => told++ })).toEqual({ seeded: false });
    expect(await rowCounts(db, [...tables])).toEqual(before);
    expect(told).toBe(1);
    // A real merchant's database (demo false) never gets the demo's second brand.
    await db.deleteFrom('merchant_hosts').execute();
    await db.updateTable('merchants').set({ code: 'OLD3' }).where('code', '=', DEMO2_BRAND.code).execute();
    await db.updateTable('merchants').set({ demo: false }).where('id', '=', demoId).execute();
    expect(await seed(db, { merchantCode: 'DEMO' })).toEqual({ seeded: false });
    expect(await rowCounts(db, [...tables])).toEqual({ ...before, merchant_hosts: 0 });
  });
});
