/**
 * Slot rounds per second (docs/0039): 50 players spin at once, each on its own game session, through
 * the platform's game server, which pays every round through the seamless wallet over real HTTP
 * (bet, then win). Printed beside the ledger's own transfer rate of the same run (ledger.ts) as a
 * ratio: what a whole round — draw, two signed wallet calls, four transactions — costs against one
 * bare ledger transfer. On PGlite in memory, and on PostgreSQL when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import type { LogEvent } from 'kysely';
import { buildPlatform } from '@wl/platform/app';
import { openDatabase, type TDatabase } from '@wl/platform/db/database';
import { migrate } from '@wl/platform/db/migrate';
import { sha256Hex } from '@wl/platform/http/auth';
import { BUILT_IN_GAMES, seed } from '@wl/platform/seed/seed';
import { insertBareMembers } from '@wl/platform/test-support/bare-members';
import { accountFor, houseAccountId, transfer } from '@wl/platform/wallet/ledger.service';
import { awardBonus, type TBonusGrant } from '@wl/platform/bonus/award';
import { DEFAULT_BONUS_TERMS, WLG_MESSAGES } from '@wl/schemas';
import { fetchRaw } from './edge.ts';
import { onEachEngine } from './ledger.ts';
import { describeFailure, percentile } from './load-stats.ts';

const PLAYERS = 50;

export type TSlotRun = {
  engine: 'pglite' | 'postgres';
  rounds: number;
  /** Rounds played (paid through the wallet) per second. */
  roundsPerSecond: number;
  /** Spins answered game_busy: the wallet did not answer within its limit (5 s, 3 tries) on a loaded machine; no round was played. */
  busy: number;
  /** Statements sent to the database (BEGIN and COMMIT included) per round played, over the timed run. */
  queriesPerRound: number;
  /** Every player staking bonus money of an active bonus (docs/0095) instead of cash. */
  withBonus: boolean;
};

/** Counts the statements a database is sent (its Kysely log hook); `shapes` by SQL text when BENCH_SLOT_QUERIES is set. */
function queryCounter() {
  const counter = { queries: 0, shapes: new Map<string, number>() };
  const byShape = process.env.BENCH_SLOT_QUERIES === '1';
  const log = (event: LogEvent) => {
    counter.queries++;
    if (byShape) counter.shapes.set(event.query.sql, (counter.shapes.get(event.query.sql) ?? 0) + 1);
  };
  return { counter, log };
}

async function post(url: string, body: unknown): Promise<{ success: boolean; value: unknown; message?: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as { success: boolean; value: unknown; message?: string };
}

async function measureOn(
  database: TDatabase,
  engine: TSlotRun['engine'],
  rounds: number,
  counter: ReturnType<typeof queryCounter>['counter'],
  withBonus: boolean,
): Promise<TSlotRun> {
  const { db } = database;
  await migrate(db);
  await seed(db, { merchantCode: 'DEMO' });
  const app = await buildPlatform({ db, listen: database.listen, merchantCode: 'DEMO' });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const { merchant, ids } = await insertBareMembers(db, PLAYERS, 'slotbench');
    const house = (await houseAccountId(db, merchant.id))!;
    const game = await db.selectFrom('games').select('id').where('node_id', '=', BUILT_IN_GAMES[0].nodeId).executeTakeFirstOrThrow();
    const tokens: string[] = [];
    for (const memberId of ids) {
      const wallet = await accountFor(db, merchant, 'member_wallet', { memberId });
      // With a bonus: no cash, every stake is bonus money, and the turnover never met within the run.
      if (withBonus) await db.transaction().execute((trx) => awardBonus(trx, merchant, benchBonus(memberId)));
      else
        await transfer(db, {
          from: house,
          to: wallet,
          amountMinor: 100_000_000,
          owner: { kind: 'system', id: 0 },
          idempotencyKey: `slotbench:${memberId}`,
          kind: 'seed_credit',
        });
      // A launch ticket as launchGame writes it, opened as the game page opens it.
      const ticket = randomBytes(24).toString('base64url');
      await db
        .insertInto('launch_tickets')
        .values({ ticket_hash: sha256Hex(ticket), member_id: memberId, game_id: game.id, account_type: 1, expires_at: new Date(Date.now() + 60_000) })
        .execute();
      const opened = await post(`${base}/wps/wlg/open`, { ticket });
      if (!opened.success) throw new Error(`bench: the game did not open (${opened.message})`);
      tokens.push((opened.value as { token: string }).token);
    }
    let busy = 0;
    // A spin the platform answers game_busy (its wallet call timed out: the machine is too loaded) is
    // counted, not thrown; any other failure stops the bench.
    const spin = async (token: string) => {
      const answer = await post(`${base}/wps/wlg/slot/spin`, { token, betPerLineMinor: 10 });
      if (answer.success) return;
      if (answer.message !== WLG_MESSAGES.busy) throw new Error(`bench: a spin failed (${answer.message})`);
      busy++;
    };
    // Warm every session (connections, plans, the provider's secret) before timing.
    await Promise.all(tokens.map(spin));
    busy = 0;
    counter.queries = 0;
    counter.shapes.clear();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token) => {
        while (next < rounds) {
          next++;
          await spin(token);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const played = rounds - busy;
    for (const [shape, n] of [...counter.shapes].sort((a, b) => b[1] - a[1])) console.log(`    ${(n / played).toFixed(2)} per round: ${shape}`);
    return {
      engine,
      rounds,
      roundsPerSecond: Math.round(played / seconds),
      busy,
      queriesPerRound: Number((counter.queries / played).toFixed(1)),
      withBonus,
    };
  } finally {
    await app.close();
  }
}

/** A bonus of ৳1,000,000 that 50× turnover keeps active for the whole run. */
const benchBonus = (memberId: number): TBonusGrant => ({
  memberId,
  promotionId: null,
  source: 'operator',
  sourceKey: 'slotbench',
  amountMinor: 100_000_000,
  terms: { ...DEFAULT_BONUS_TERMS, turnoverMultiple: 50 },
  now: new Date(),
  ip: 'bench',
});

/** Slot rounds on each engine, without a bonus and then with every player's stakes in bonus money (docs/0095). */
export async function measureSlotRounds(
  databaseUrl: string | undefined,
  rounds = Number(process.env.BENCH_SLOT_ROUNDS ?? 2000),
  modes: readonly boolean[] = [false, true],
): Promise<TSlotRun[]> {
  const { counter, log } = queryCounter();
  const runs: TSlotRun[] = [];
  for (const withBonus of modes)
    runs.push(...(await onEachEngine(databaseUrl, (database, engine) => measureOn(database, engine, rounds, counter, withBonus), { log })));
  return runs;
}

/** Slot rounds per second beside the ledger's transfers per second of the same engine, same run. */
export function printSlotRounds(runs: TSlotRun[], ledger: { engine: string; transfersPerSecond: number }[]): void {
  console.log('  slot rounds through the seamless wallet (50 players at once), beside ledger transfers of the same run:');
  for (const r of runs) {
    const transfers = ledger.find((l) => l.engine === r.engine)?.transfersPerSecond;
    const ratio = transfers ? ` = ${(r.roundsPerSecond / transfers).toFixed(3)} of ${transfers} transfers/s` : '';
    const busy = r.busy > 0 ? `; ${r.busy} of ${r.rounds} spins answered game_busy (the wallet's 5 s limit on a loaded machine)` : '';
    console.log(
      `    ${r.engine}${r.withBonus ? ', bonus money' : ''}: ${r.roundsPerSecond} rounds/s (${r.rounds} rounds)${ratio}${busy}; ${r.queriesPerRound} queries per round`,
    );
  }
}

/** A catalogue of this many games for the game-list figure (docs/0039: seeded for the bench). */
export const BENCH_CATALOGUE_GAMES = 10_000;

export type TLatencyRun = {
  name: string;
  requests: number;
  /** Calls answered 200 per second. */
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  /** With `tolerate`: calls answered 503, the gateway's answer when its 5 s upstream limit cut the call off. */
  cutOff: number;
  /** With `tolerate`: calls that failed otherwise (another status, a lost connection), and the first reasons. */
  failed: number;
  failures: string[];
};
export type TGameListRun = { games: number; list: TLatencyRun; bare: TLatencyRun; ratio: number };

/**
 * `count` GETs, `clients` at a time, each timed: calls answered per second and latency percentiles
 * (of every call that got an answer). Any answer but 200 or a lost connection throws, unless
 * `tolerate`: then a 503 is counted as cut off and anything else as failed, and the run goes on.
 */
export async function timedGets(
  name: string,
  url: string,
  headers: Record<string, string>,
  count: number,
  clients = 50,
  options: { tolerate?: boolean } = {},
): Promise<TLatencyRun> {
  const latencies: number[] = [];
  const failures = new Set<string>();
  let next = 0;
  let cutOff = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        next++;
        const t = performance.now();
        let status: number;
        try {
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          status = res.status;
        } catch (error) {
          if (!options.tolerate) throw error;
          failed++;
          failures.add(describeFailure(error));
          continue;
        }
        latencies.push(performance.now() - t);
        if (status === 200) continue;
        if (!options.tolerate) throw new Error(`bench: ${name} answered ${status}`);
        if (status === 503) cutOff++;
        else {
          failed++;
          failures.add(`HTTP ${status}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(percentile(latencies, q).toFixed(2));
  return {
    name,
    requests: count,
    requestsPerSecond: Number(((count - cutOff - failed) / seconds).toFixed(2)),
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    cutOff,
    failed,
    failures: [...failures].slice(0, 3),
  };
}

/**
 * The game-list call (`catalogue.games`, a vendor's page 1) on a catalogue of 10,000 games of one
 * vendor, through the gateway to the platform, beside a bare Fastify route that sends the same bytes:
 * both timed the same way (50 clients in this process), with their p95.
 */
export async function measureGameList(options: { requests?: number } = {}): Promise<TGameListRun> {
  const requests = options.requests ?? Number(process.env.BENCH_LIST_REQUESTS ?? 3000);
  const [{ buildApp }, { default: Fastify }] = await Promise.all([import('@wl/gateway'), import('fastify')]);
  const database = await openDatabase({ memory: true });
  const platform = await (async () => {
    await migrate(database.db);
    await seed(database.db, { merchantCode: 'DEMO' });
    const merchant = await database.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const vendor = await database.db
      .insertInto('vendors')
      .values({ merchant_id: merchant.id, vassalage: 'BENCHX', game_type: 'RNG', name: 'Bench Catalogue', is_game: 'VASSALAGE', sort: 999 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let from = 0; from < BENCH_CATALOGUE_GAMES; from += 1000) {
      await database.db
        .insertInto('games')
        .values(
          Array.from({ length: 1000 }, (_, k) => {
            const n = from + k;
            return {
              merchant_id: merchant.id,
              vendor_id: vendor.id,
              node_id: `BENCHX-${n}`,
              game_code: `benchx_${n}`,
              game_type: 'RNG',
              vassalage: 'BENCHX',
              name_en: `Bench Game ${n}`,
              name_bn: `বেঞ্চ গেম ${n}`,
              has_free_trial: true,
              is_hot: false,
              sort: n,
            };
          }),
        )
        .execute();
    }
    return buildPlatform({ db: database.db, listen: database.listen, merchantCode: 'DEMO' });
  })();
  const gateway = await buildApp({ upstreamUrl: await platform.listen({ host: '127.0.0.1', port: 0 }), merchantCode: 'DEMO', logger: false });
  const bare = Fastify({ logger: false });
  try {
    const gatewayBase = await gateway.listen({ host: '127.0.0.1', port: 0 });
    const path = `/trpc/catalogue.games?input=${encodeURIComponent(JSON.stringify({ gameType: 'RNG', vassalage: 'BENCHX', pageNo: 1, pageSize: 24, language: 'bn' }))}`;
    const headers = { 'x-language': 'bn', 'accept-encoding': 'gzip, br' };
    // The exact bytes and headers the gateway sends (compressed as a browser asks), served bare.
    const sample = await fetchRaw(gatewayBase + path, headers);
    if (sample.status !== 200) throw new Error(`bench: catalogue.games answered ${sample.status}`);
    bare.get('/bare-list', (_req, reply) => reply.headers(sample.headers).send(sample.body));
    const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });
    // Warm both, then alternate: the machine's state changes alike for both.
    // The gateway's calls tolerate a cut-off (its 5 s upstream limit on a loaded machine), counted and printed.
    await timedGets('warm', gatewayBase + path, headers, 200, 50, { tolerate: true });
    await timedGets('warm', `${bareBase}/bare-list`, headers, 200);
    const list = await timedGets('catalogue.games on 10,000 games', gatewayBase + path, headers, requests, 50, { tolerate: true });
    const bareRun = await timedGets('bare route, same bytes', `${bareBase}/bare-list`, headers, requests);
    return { games: BENCH_CATALOGUE_GAMES, list, bare: bareRun, ratio: Number((list.requestsPerSecond / bareRun.requestsPerSecond).toFixed(3)) };
  } finally {
    await bare.close();
    await gateway.close();
    await platform.close();
    await database.close();
  }
}

/** ", 3 of 50 cut off by …, 1 failed (…)" for a tolerant run that had any; empty otherwise. */
export function notAnswered(r: TLatencyRun): string {
  const cutOff = r.cutOff > 0 ? `, ${r.cutOff} of ${r.requests} cut off by the gateway's 5 s upstream limit` : '';
  return `${cutOff}${r.failed > 0 ? `, ${r.failed} failed (${r.failures.join('; ')})` : ''}`;
}

export function printGameList(run: TGameListRun): void {
  console.log(`  game list on ${run.games.toLocaleString('en')} games (50 clients, this process):`);
  for (const r of [run.list, run.bare]) console.log(`    ${r.name}: ${r.requestsPerSecond}/s, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms${notAnswered(r)}`);
  console.log(`    ratio to the bare route: ${run.ratio}`);
}
