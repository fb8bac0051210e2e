/**
 * The agent centre at scale (docs/0046 "Done when"): an agent with 100,000 downlines (three levels:
 * 10 agents, 100 agents under them, 99,900 members under those) and 1,000,000 bets over the last seven
 * days (a third of them won), seeded with set-based SQL straight into the tables the reports read (the
 * members with the closure table's triggers, wallets, ledger transactions and entries). Then the agent's
 * team overview and team betting report for the week and for today, through the gateway to the platform, each beside a bare
 * Fastify route that sends the same bytes, timed the same way: requests per second, p50, p95, ratio.
 * On PGlite in memory, or on PostgreSQL when DATABASE_URL is set (a schema of its own, dropped after).
 * After the seed, the team figures' rollup runs once (docs/0058), as its job does every minute on a
 * running platform; its time is reported beside the seed's. Then the ledger's writers alone and beside
 * the rollup (docs/0082). Alone: `pnpm bench:agent-team` (PGlite, then PostgreSQL with DATABASE_URL).
 */
import { sql, type Kysely } from 'kysely';
import { AGENT_PATHS, AGENT_TEAM_PATHS } from '@wl/schemas';
import { buildPlatform } from '@wl/platform/app';
import { openDatabase, type TDatabase } from '@wl/platform/db/database';
import { migrate } from '@wl/platform/db/migrate';
import type { DB } from '@wl/platform/db/schema';
import { rollUpTeamFigures } from '@wl/platform/agent/team-rollup';
import { seed, BUILT_IN_PROVIDER } from '@wl/platform/seed/seed';
import { hashPassword } from '@wl/platform/session/password.service';
import { createTestSchema } from '@wl/platform/test-support/pg-schema';
import { loginToken } from '@wl/platform/test-support/http';
import { accountFor, transfer } from '@wl/platform/wallet/ledger.service';
import { percentile } from './load-stats.ts';
import { fetchRaw } from './edge.ts';
import { notAnswered, timedGets, type TLatencyRun } from './games.ts';

/** BENCH_TEAM_PER_AGENT (members under each of the 100 second-level agents) makes a smaller team for a trial run. */
export const BENCH_TEAM = { level1: 10, level2PerLevel1: 10, membersPerLevel2: Number(process.env.BENCH_TEAM_PER_AGENT ?? 999) } as const;
const DOWNLINES = BENCH_TEAM.level1 * (1 + BENCH_TEAM.level2PerLevel1 * (1 + BENCH_TEAM.membersPerLevel2));
const PASSWORD = 'BenchAgent1234';

export type TAgentTeamRun = {
  engine: 'pglite' | 'postgres';
  downlines: number;
  bets: number;
  seedSeconds: number;
  /** The rollup job's first run over the seeded history (docs/0058). */
  rollupSeconds: number;
  calls: { name: string; call: TLatencyRun; bare: TLatencyRun; ratio: number }[];
  /** Ledger writes (deposits) by 4 writers alone, then while the rollup runs back to back (docs/0082). */
  writes: TLedgerWrites;
};

export type TLedgerWrites = {
  writes: number;
  p99Ms: number;
  p99WithRollupMs: number;
  ratio: number;
  rollups: number;
  /** The same writes beside docs/0058's SHARE-lock horizon, emulated: what the rollup did before docs/0082. */
  p99WithOldLockMs: number;
  oldLockRatio: number;
};

/**
 * The ledger's writers beside the rollup: rounds of `writes` deposits from 4 writers (each to its own
 * bench wallet) timed one by one, alone, then while the rollup runs again and again until they end,
 * then beside docs/0058's lock. The p99 of each and the ratios (beside ÷ alone): 1 when nothing holds
 * a writer up (on PGlite, one connection, every statement of the rollup queues the writers anyway).
 */
export async function measureLedgerWrites(db: Kysely<DB>, writes: number): Promise<TLedgerWrites> {
  const merchant = await db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  const clearing = await accountFor(db, merchant, 'deposit_clearing');
  const wallets = (
    await sql<{ id: number }>`select a.id from ledger_accounts a join members x on x.id = a.member_id
      where a.merchant_id = ${merchant.id} and a.kind = 'member_wallet' and x.username in ('bench_m_1', 'bench_m_2', 'bench_m_3', 'bench_m_4')`.execute(db)
  ).rows.map((r) => r.id);
  let key = 0;
  const phase = async () => {
    const latencies: number[] = [];
    let left = writes;
    await Promise.all(
      wallets.map(async (wallet) => {
        while (left-- > 0) {
          const t = performance.now();
          await transfer(db, {
            from: clearing,
            to: wallet,
            amountMinor: 100,
            owner: { kind: 'system', id: 0 },
            idempotencyKey: `bench-write-${key++}`,
            kind: 'deposit',
          });
          latencies.push(performance.now() - t);
        }
      }),
    );
    return latencies;
  };
  // Beside: the rollup, run again and again; or docs/0058's horizon (a SHARE lock on the ledger while
  // max(id) is read), run the same way, for comparison on the same machine at the same moment.
  const beside = async (work: () => Promise<unknown>) => {
    let done = false;
    let runs = 0;
    const loop = (async () => {
      while (!done) {
        await work();
        runs++;
      }
    })();
    const latencies = await phase().finally(() => (done = true));
    await loop;
    return { latencies, runs };
  };
  const oldHorizon = () =>
    db
      .transaction()
      .execute(async (trx) => {
        await sql`select set_config('lock_timeout', '2000ms', true)`.execute(trx);
        await sql`lock table ledger_entries in share mode`.execute(trx);
        await sql`select max(id) from ledger_entries`.execute(trx);
      })
      .catch(() => undefined);
  // Interleaved rounds, so the machine's load moving between phases weighs on each alike.
  const alone: number[] = [];
  const withRollup: number[] = [];
  const withLock: number[] = [];
  let rollups = 0;
  for (let round = 0; round < 4; round++) {
    alone.push(...(await phase()));
    const r = await beside(() => rollUpTeamFigures(db));
    withRollup.push(...r.latencies);
    rollups += r.runs;
    withLock.push(...(await beside(oldHorizon)).latencies);
  }
  const p99 = (xs: number[]) =>
    Number(
      percentile(
        xs.sort((x, y) => x - y),
        0.99,
      ).toFixed(1),
    );
  return {
    writes: alone.length,
    p99Ms: p99(alone),
    p99WithRollupMs: p99(withRollup),
    ratio: Number((p99(withRollup) / p99(alone)).toFixed(2)),
    rollups,
    p99WithOldLockMs: p99(withLock),
    oldLockRatio: Number((p99(withLock) / p99(alone)).toFixed(2)),
  };
}

/** The team and its week of bets, in a handful of statements. Answers the agent's username. */
export async function seedTeam(db: Kysely<DB>, bets: number): Promise<string> {
  const t0 = performance.now();
  const step = (what: string) => process.env.BENCH_TRACE && console.error(`    agent team: ${what} after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const merchant = await db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  const m = merchant.id;
  const agent = await db
    .insertInto('members')
    .values({ merchant_id: m, username: 'bench_agent', nickname: 'Bench Agent', password_hash: await hashPassword(PASSWORD), type: 1, first_time_login: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { level1, level2PerLevel1, membersPerLevel2 } = BENCH_TEAM;
  // The closure table's trigger handles a member at a time; for 100,000 in one statement its cached plan
  // (made while the table was tiny) scans the table per row. The bench writes the tree set-based instead,
  // as migration 0021 backfilled it, with the triggers off for this transaction only.
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`insert into members (merchant_id, username, nickname, password_hash, type, upline_id, first_time_login, created_at)
      select ${m}, 'bench_l1_' || g, 'L1 ' || g, '-', 1, ${agent.id}, false, now() - interval '60 days' from generate_series(1, ${level1}) g`.execute(trx);
    await sql`insert into members (merchant_id, username, nickname, password_hash, type, upline_id, first_time_login, created_at)
      select ${m}, 'bench_l2_' || g, 'L2 ' || g, '-', 1, (array(select id from members where merchant_id = ${m} and username like 'bench\_l1\_%' order by id))[(g - 1) / ${level2PerLevel1} + 1],
             false, now() - interval '45 days'
      from generate_series(1, ${level1 * level2PerLevel1}) g`.execute(trx);
    // New members spread over the last 30 days, so the overview's "new members" counts some.
    await sql`insert into members (merchant_id, username, nickname, password_hash, type, upline_id, first_time_login, created_at)
      select ${m}, 'bench_m_' || g, 'M ' || g, '-', 0, (array(select id from members where merchant_id = ${m} and username like 'bench\_l2\_%' order by id))[(g - 1) / ${membersPerLevel2} + 1],
             false, now() - (g % 30) * interval '1 day' - (g % 1440) * interval '1 minute'
      from generate_series(1, ${level1 * level2PerLevel1 * membersPerLevel2}) g`.execute(trx);
    await sql`insert into member_tree (ancestor_id, descendant_id, depth)
      with recursive up (descendant_id, ancestor_id, depth) as (
        select id, id, 0 from members where merchant_id = ${m} and upline_id is not null and username like 'bench\_%'
        union all
        select up.descendant_id, x.upline_id, up.depth + 1 from up join members x on x.id = up.ancestor_id where x.upline_id is not null
      )
      select ancestor_id, descendant_id, depth from up`.execute(trx);
    // The closure table's statement triggers keep team_joins (docs/0082); they are off here too.
    await sql`insert into team_joins (ancestor_id, hour, joined)
      select t.ancestor_id, date_bin('1 hour', x.created_at, timestamptz '2000-01-01 00:00:00+00'), count(*)
      from member_tree t join members x on x.id = t.descendant_id
      where t.depth >= 1 and x.merchant_id = ${m} and x.username like 'bench\_%'
      group by 1, 2
      on conflict (ancestor_id, hour) do update set joined = team_joins.joined + excluded.joined`.execute(trx);
  });
  step('members');
  await sql`insert into ledger_accounts (merchant_id, member_id, kind, currency)
    select ${m}, id, 'member_wallet', ${merchant.currency} from members where merchant_id = ${m} and username like 'bench\\_m\\_%'`.execute(db);
  await sql`create temporary table bench_wallets as
    select (row_number() over (order by a.id) - 1)::int as n, a.id as account_id from ledger_accounts a join members x on x.id = a.member_id
    where a.merchant_id = ${m} and a.kind = 'member_wallet' and x.username like 'bench\\_m\\_%'`.execute(db);
  await sql`create index on bench_wallets (n)`.execute(db);
  const provider = await accountFor(db, merchant, 'provider', { code: BUILT_IN_PROVIDER.code });
  const providerRow = await db
    .selectFrom('seamless_providers')
    .select('id')
    .where('merchant_id', '=', m)
    .where('code', '=', BUILT_IN_PROVIDER.code)
    .executeTakeFirstOrThrow();
  const members = level1 * level2PerLevel1 * membersPerLevel2;
  const spacing = (7 * 86_400) / bets;
  step('wallets');
  // Bets over the last seven days, then a win for every third one a minute later, as the built-in games write them.
  for (const [kind, every, sign] of [
    ['bet', 1, -1],
    ['win', 3, 1],
  ] as const) {
    await sql`
      with t as (
        insert into ledger_transactions (merchant_id, idempotency_key, kind, owner_kind, owner_id, meta, created_at)
        select ${m}, ${`bench-${kind}-`} || g, ${kind}, 'provider', ${providerRow.id}, '{"code":"WLG"}',
               now() - interval '7 days' + (g * ${spacing}::double precision) * interval '1 second' + ${kind === 'win' ? sql`interval '1 minute'` : sql`interval '0 seconds'`}
        from generate_series(1, ${bets}) g where g % ${every} = 0
        returning id, idempotency_key, created_at
      ), s as (
        select t.id, t.created_at, w.account_id, (100 + (substring(t.idempotency_key from ${sql.lit(`bench-${kind}-`.length + 1)})::bigint * 7919) % 10000)::int as stake
        from t join bench_wallets w on w.n = substring(t.idempotency_key from ${sql.lit(`bench-${kind}-`.length + 1)})::int % ${members}
      )
      insert into ledger_entries (transaction_id, account_id, amount_minor, created_at)
      select id, account_id, ${sign} * ${kind === 'win' ? sql`stake * 18 / 10` : sql`stake`}, created_at from s
      union all
      select id, ${provider}, ${-sign} * ${kind === 'win' ? sql`stake * 18 / 10` : sql`stake`}, created_at from s`.execute(db);
    step(`${kind}s`);
  }
  await sql`analyze`.execute(db);
  return 'bench_agent';
}

/** A database for a bench: PGlite in memory, or a schema of its own on DATABASE_URL's PostgreSQL (dropped after). */
export async function openBenchDatabase(
  databaseUrl: string | undefined,
): Promise<{ database: TDatabase; engine: TAgentTeamRun['engine']; drop: () => Promise<void> }> {
  if (!databaseUrl) return { database: await openDatabase({ memory: true }), engine: 'pglite', drop: async () => {} };
  const { schema, drop } = await createTestSchema(databaseUrl);
  return { database: await openDatabase({ databaseUrl, schema }), engine: 'postgres', drop };
}

export async function measureAgentTeam(databaseUrl = process.env.DATABASE_URL, options: { bets?: number; requests?: number } = {}): Promise<TAgentTeamRun> {
  const bets = options.bets ?? Number(process.env.BENCH_TEAM_BETS ?? 1_000_000);
  const requests = options.requests ?? Number(process.env.BENCH_TEAM_REQUESTS ?? 50);
  const [{ buildApp }, { default: Fastify }] = await Promise.all([import('@wl/gateway'), import('fastify')]);
  const { database, engine, drop } = await openBenchDatabase(databaseUrl);
  const started = performance.now();
  await migrate(database.db);
  await seed(database.db, { merchantCode: 'DEMO' });
  const username = await seedTeam(database.db, bets);
  const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  const rolling = performance.now();
  await rollUpTeamFigures(database.db);
  const rollupSeconds = Number(((performance.now() - rolling) / 1000).toFixed(1));
  const writes = await measureLedgerWrites(database.db, Number(process.env.BENCH_TEAM_WRITES ?? 250));
  const platform = await buildPlatform({ db: database.db, listen: database.listen, merchantCode: 'DEMO' });
  const platformBase = await platform.listen({ host: '127.0.0.1', port: 0 });
  const gateway = await buildApp({ upstreamUrl: platformBase, merchantCode: 'DEMO', logger: false });
  const bare = Fastify({ logger: false });
  try {
    const token = await loginToken(platform, username, PASSWORD);
    const gatewayBase = await gateway.listen({ host: '127.0.0.1', port: 0 });
    const headers = { 'x-language': 'bn', 'accept-encoding': 'gzip, br', authorization: token };
    const now = Date.now();
    const midnight = new Date(now - (now % 86_400_000));
    const calls: { name: string; proc: string; platformPath: string; input: Record<string, string | number> }[] = [
      {
        name: 'team overview, 7 days',
        proc: 'agent.teamOverview',
        platformPath: AGENT_PATHS.teamOverview,
        input: { from: new Date(now - 7 * 86_400_000).toISOString(), to: new Date(now).toISOString(), tzOffsetMinutes: 360 },
      },
      {
        name: 'team overview, today',
        proc: 'agent.teamOverview',
        platformPath: AGENT_PATHS.teamOverview,
        input: { from: midnight.toISOString(), to: new Date(now).toISOString(), tzOffsetMinutes: 360 },
      },
      {
        name: 'team betting, 7 days, page 1',
        proc: 'agent.teamBets',
        platformPath: AGENT_TEAM_PATHS.teamBets,
        input: { from: new Date(now - 7 * 86_400_000).toISOString(), to: new Date(now).toISOString(), pageNo: 1, pageSize: 20 },
      },
      {
        name: 'team betting, today, page 1',
        proc: 'agent.teamBets',
        platformPath: AGENT_TEAM_PATHS.teamBets,
        input: { from: midnight.toISOString(), to: new Date(now).toISOString(), pageNo: 1, pageSize: 20 },
      },
    ];
    const samples = await Promise.all(calls.map(async (c) => ({ ...c, path: `/trpc/${c.proc}?input=${encodeURIComponent(JSON.stringify(c.input))}` })));
    const routes: { name: string; path: string; barePath: string }[] = [];
    for (const [i, c] of samples.entries()) {
      // The exact bytes and headers the gateway sends, served bare.
      // When the gateway gives up on the platform (its 5 s upstream timeout) or the call fails, the platform's
      // own answer (the same figures without the tRPC wrapper) stands in for the bytes.
      let sample = await fetchRaw(gatewayBase + c.path, headers).catch(() => null);
      if (sample?.status !== 200)
        sample = await fetchRaw(
          `${platformBase}${c.platformPath}?${new URLSearchParams(Object.entries(c.input).map(([k, v]): [string, string] => [k, String(v)]))}`,
          headers,
        );
      bare.get(`/bare-${i}`, (_req, reply) => reply.headers(sample.headers).send(sample.body));
      routes.push({ name: c.name, path: c.path, barePath: `/bare-${i}` });
    }
    const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });
    const out: TAgentTeamRun['calls'] = [];
    for (const r of routes) {
      // A call the gateway's 5 s upstream limit cuts off (503) is counted, never thrown: on PGlite the week's
      // reports can take longer than that (docs/0058).
      await timedGets('warm', gatewayBase + r.path, headers, 5, 5, { tolerate: true });
      const call = await timedGets(r.name, gatewayBase + r.path, headers, requests, 10, { tolerate: true });
      const bareRun = await timedGets('bare route, same bytes', bareBase + r.barePath, headers, requests, 10);
      out.push({ name: r.name, call, bare: bareRun, ratio: Number((call.requestsPerSecond / bareRun.requestsPerSecond).toFixed(4)) });
    }
    return { engine, downlines: DOWNLINES, bets, seedSeconds, rollupSeconds, calls: out, writes };
  } finally {
    await bare.close();
    await gateway.close();
    await platform.close();
    await database.close();
    await drop();
  }
}

export function printAgentTeam(run: TAgentTeamRun): void {
  console.log(
    `  agent centre, ${run.downlines.toLocaleString('en')} downlines and ${run.bets.toLocaleString('en')} bets on ${run.engine} (seeded in ${run.seedSeconds} s, rolled up in ${run.rollupSeconds} s; 10 clients):`,
  );
  for (const c of run.calls) {
    console.log(
      `    ${c.name}: ${c.call.requestsPerSecond}/s, p50 ${c.call.p50Ms} ms, p95 ${c.call.p95Ms} ms, ${c.call.cutOff} of ${c.call.requests} cut off${notAnswered(c.call)}; bare route ${c.bare.requestsPerSecond}/s, p95 ${c.bare.p95Ms} ms; ratio ${c.ratio}`,
    );
  }
  const w = run.writes;
  console.log(
    `    ledger writes (${w.writes} deposits each way, 4 writers, 4 interleaved rounds): p99 ${w.p99Ms} ms alone, ${w.p99WithRollupMs} ms while the rollup ran ${w.rollups} times (ratio ${w.ratio}), ${w.p99WithOldLockMs} ms beside docs/0058's SHARE-lock horizon (ratio ${w.oldLockRatio})`,
  );
}

// `tsx bench/agent-team.ts`: this figure alone, on PGlite and, with DATABASE_URL, on PostgreSQL too.
if (import.meta.url === `file://${process.argv[1]}`) {
  printAgentTeam(await measureAgentTeam(''));
  if (process.env.DATABASE_URL) printAgentTeam(await measureAgentTeam(process.env.DATABASE_URL));
}
