import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PAGE_MODULES, FEATURE_FLAGS, GAME_TYPES, MEMBER_PAGE_MODULES, decryptCsLink } from '@wl/schemas';
import type { TDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { freshDatabase, rowCounts } from '../test-support/db.ts';
import { verifyPassword } from '../session/password.service.ts';
import { ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { DEFAULT_FLAGS, DEMO_ACCOUNTS, DEMO_CONTRACT_AGENT_BALANCE_MINOR, DEMO_MEMBER_BALANCE_MINOR, seed } from './seed.ts';
import { DEMO_CONTRACTS } from './agent-contracts.ts';

describe('seed', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
    await migrate(database.db);
    expect(await seed(database.db, { merchantCode: 'DEMO' })).toEqual({ seeded: true });
  });
  afterAll(() => database.close());

  it('is idempotent: a second run changes nothing', async () => {
    const tables = ['merchants', 'games', 'members', 'ledger_entries', 'whitelabel_nodes'] as const;
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
    const m = await database.db.selectFrom('members').select(['password_hash']).where('username', '=', DEMO_ACCOUNTS.member.username).executeTakeFirstOrThrow();
    expect(m.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(m.password_hash, DEMO_ACCOUNTS.member.password)).toBe(true);
  });

  it('credits the demo member through the ledger and seeds the accounts', async () => {
    const db = database.db;
    const members = await db.selectFrom('members').select(['username', 'type', 'upline_id']).execute();
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
      .where('members.username', '=', 'demo_member')
      .executeTakeFirstOrThrow();
    expect(wallet.balance_minor).toBe(DEMO_MEMBER_BALANCE_MINOR);
    const { s } = await db
      .selectFrom('ledger_entries')
      .select(sql<number>`coalesce(sum(amount_minor), 0)::bigint`.as('s'))
      .where('account_id', '=', wallet.id)
      .executeTakeFirstOrThrow();
    expect(s).toBe(DEMO_MEMBER_BALANCE_MINOR);
    expect((await db.selectFrom('operators').select(['username', 'role']).orderBy('id').execute()).map((o) => `${o.username}:${o.role}`)).toEqual([
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
});
