/**
 * Live push (docs/0021): N open SSE pages, one operator change through the real operator call,
 * and the time from that call's return until every page has the new version (p50/p99/max), beside
 * the operator call's own latency. The change is a flag's switch, or the restore of the version
 * before it (docs/0123: a restore is a publish, and reaches open pages like any change). Cases: one
 * instance (embedded PGlite), and two gateway+platform pairs on one PostgreSQL schema with the pages
 * on one and the change made through the other (only when DATABASE_URL is set). The pages live in a
 * child process (bench/live-push-pages.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@wl/gateway';
import { startEmbeddedPlatform } from '@wl/platform/embedded';
import { createTestSchema } from '@wl/platform/test-support/pg-schema';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The stream every page opens; BENCH_PUSH_PATH measures another (e.g. the old tRPC subscription). */
const STREAM_PATH = process.env.BENCH_PUSH_PATH ?? '/live/config';
/** The flag flipped: it changes the visitor's registration form, so every visitor page must hear of it. */
const FLAG = 'MOBILENUMREG3';
const SECRET = 'bench-gateway-secret';

export type TLivePushCase = {
  name: string;
  pages: number;
  opened: number;
  /** Time from the operator call's return until each page had the new version. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The same, counted from the operator call's start. */
  fromStartP99Ms: number;
  operatorCallMs: number;
  goalP99Ms: number;
};

/**
 * Before docs/0020 (tRPC `config.onChange`, one generator per page re-reading the viewer and
 * re-encoding the whole ScreenConfig; the gateway polling the upstream every 250 ms and the
 * operator's call awaiting the push): 1,000 pages, measured on this 2-core machine at load ~10
 * (five helpers at work).
 */
export const LIVE_PUSH_BASELINE = {
  'one instance (PGlite)': { p99Ms: 306.7, fromStartP99Ms: 2148.4, operatorCallMs: 1841.7 },
  'two instances (PostgreSQL)': { p99Ms: 4493.9, fromStartP99Ms: 4513.7, operatorCallMs: 19.8 },
} as const;

export type TLivePushResult = {
  streamPath: string;
  cases: (TLivePushCase & { baseline?: (typeof LIVE_PUSH_BASELINE)[keyof typeof LIVE_PUSH_BASELINE] })[];
  skipped: string[];
};

const now = () => performance.timeOrigin + performance.now();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

type TWhitelabelNode = { modId: string; enabled: '1' | '0'; childrenNodes?: TWhitelabelNode[] };

function findNode(nodes: TWhitelabelNode[], modId: string): TWhitelabelNode | undefined {
  for (const node of nodes) {
    if (node.modId === modId) return node;
    const inner = findNode(node.childrenNodes ?? [], modId);
    if (inner) return inner;
  }
  return undefined;
}

async function trpc<T>(base: string, proc: string, input: unknown, token?: string, kind?: 'query'): Promise<T> {
  const isQuery = input === undefined || kind === 'query';
  const res = await fetch(`${base}/trpc/${proc}${isQuery && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`, {
    method: isQuery ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    ...(isQuery ? {} : { body: JSON.stringify(input) }),
  });
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${proc} failed: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

/** Sends a message to the pages process and waits for the answer of the given type. */
function ask<T>(child: ChildProcess, message: object, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== answer) return;
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** What the measured operator call does: switch FLAG, or restore the version before FLAG was switched. */
type TChange = 'flag' | 'restore';

/** Opens `pages` pages on `pageBase`, changes the configuration through `operatorBase` as `change` says, and measures. */
async function measureCase(
  name: string,
  pages: number,
  pageBase: string,
  operatorBase: string,
  goalP99Ms: number,
  change: TChange = 'flag',
): Promise<TLivePushCase> {
  const child = fork(path.join(here, 'live-push-pages.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const ready = await ask<{ opened: number; failed: number }>(child, { type: 'open', url: pageBase + STREAM_PATH, pages }, 'ready');
    if (ready.failed > 0) console.warn(`  ${name}: ${ready.failed} pages could not open (fd limit? see README)`);
    const { token } = await trpc<{ token: string }>(operatorBase, 'operator.login', { username: 'demo_operator', password: 'Operator1234' });
    const config = await trpc<{ whitelabel: TWhitelabelNode[] }>(operatorBase, 'operator.config', undefined, token);
    const node = findNode(config.whitelabel, FLAG);
    if (!node) throw new Error(`no ${FLAG} in the whitelabel tree`);

    /** Arms the pages, makes the change, and answers when each page had the version after it. */
    const measured = async (makeChange: () => Promise<void>) => {
      await ask(child, { type: 'arm' }, 'armed');
      const arrivals = new Promise<{ times: number[] }>((resolve) => {
        const onMessage = (m: { type: string; times: number[] }) => {
          if (m.type !== 'arrivals') return;
          child.off('message', onMessage);
          resolve(m);
        };
        child.on('message', onMessage);
      });
      const start = now();
      await makeChange();
      const returned = now();
      return { start, returned, times: (await arrivals).times };
    };
    const switchFlag = (enabled: boolean) => async () => {
      await trpc(operatorBase, 'operator.setFlag', { modId: FLAG, enabled }, token);
    };
    let result: { start: number; returned: number; times: number[] };
    if (change === 'restore') {
      // The switch makes a version of its own, which every page hears of first; the restore then
      // goes back to the version before it.
      await measured(switchFlag(node.enabled !== '1'));
      const { versions } = await trpc<{ versions: { number: number }[] }>(operatorBase, 'operator.configVersions', { limit: 2 }, token, 'query');
      const version = versions[1]?.number;
      if (version === undefined) throw new Error('no configuration version before the switch');
      result = await measured(async () => {
        const draft = await trpc<{ status: string }>(
          operatorBase,
          'operator.configRestore',
          { version, comment: 'bench: restore the version before the switch' },
          token,
        );
        if (draft.status !== 'published') throw new Error(`the restore was not published at once (${draft.status})`);
      });
    } else result = await measured(switchFlag(node.enabled !== '1'));
    const { start, returned, times } = result;
    const fromReturn = times.map((t) => Math.max(0, t - returned)).sort((a, b) => a - b);
    const fromStart = times.map((t) => t - start).sort((a, b) => a - b);
    // Put the flag back, so a second case starts from the seed (a restore did already).
    if (change === 'flag') await switchFlag(node.enabled === '1')();
    return {
      name,
      pages,
      opened: ready.opened,
      p50Ms: round(percentile(fromReturn, 50)),
      p99Ms: round(percentile(fromReturn, 99)),
      maxMs: round(fromReturn[fromReturn.length - 1] ?? Number.NaN),
      fromStartP99Ms: round(percentile(fromStart, 99)),
      operatorCallMs: round(returned - start),
      goalP99Ms,
    };
  } finally {
    child.send({ type: 'close' });
  }
}

/** Gateway options that let one bench client hold every page (the per-IP cap guards real clients). */
function gatewayOptions(upstreamUrl: string) {
  return { upstreamUrl, merchantCode: 'DEMO', logger: false, gatewaySecret: SECRET, liveStreams: { perIp: 1_000_000, total: 1_000_000 } };
}

/** Runs the live-push cases; `pages` defaults to BENCH_PUSH_PAGES or 1,000. */
export async function livePush(options: { pages?: number; databaseUrl?: string } = {}): Promise<TLivePushResult> {
  const pages = options.pages ?? Number(process.env.BENCH_PUSH_PAGES ?? 1000);
  const goalP99Ms = pages <= 1000 ? 250 : 1000;
  const cases: TLivePushCase[] = [];
  const skipped: string[] = [];

  {
    const platform = await startEmbeddedPlatform({ memory: true, gatewaySecret: SECRET, jobs: false });
    const gateway = await buildApp(gatewayOptions(platform.url) as Parameters<typeof buildApp>[0]);
    const base = await gateway.listen({ port: 0, host: '127.0.0.1' });
    try {
      cases.push(await measureCase('one instance (PGlite)', pages, base, base, goalP99Ms));
      cases.push(await measureCase('restore, one instance (PGlite)', pages, base, base, goalP99Ms, 'restore'));
    } finally {
      await gateway.close();
      await platform.close();
    }
  }

  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    skipped.push('two instances on PostgreSQL (set DATABASE_URL)');
  } else {
    const { schema, drop } = await createTestSchema(databaseUrl);
    // One after the other: the second start finds the schema migrated and seeded.
    const first = await startEmbeddedPlatform({ databaseUrl, schema, gatewaySecret: SECRET, jobs: false });
    const second = await startEmbeddedPlatform({ databaseUrl, schema, gatewaySecret: SECRET, jobs: false });
    const gatewayA = await buildApp(gatewayOptions(first.url) as Parameters<typeof buildApp>[0]);
    const gatewayB = await buildApp(gatewayOptions(second.url) as Parameters<typeof buildApp>[0]);
    const baseA = await gatewayA.listen({ port: 0, host: '127.0.0.1' });
    const baseB = await gatewayB.listen({ port: 0, host: '127.0.0.1' });
    try {
      cases.push(await measureCase('two instances (PostgreSQL)', pages, baseB, baseA, goalP99Ms));
      cases.push(await measureCase('restore, two instances (PostgreSQL)', pages, baseB, baseA, goalP99Ms, 'restore'));
    } finally {
      await gatewayA.close();
      await gatewayB.close();
      await first.close();
      await second.close();
      await drop();
    }
  }
  const withBaseline = cases.map((c) =>
    c.pages === 1000 && c.name in LIVE_PUSH_BASELINE ? { ...c, baseline: LIVE_PUSH_BASELINE[c.name as keyof typeof LIVE_PUSH_BASELINE] } : c,
  );
  return { streamPath: STREAM_PATH, cases: withBaseline, skipped };
}

/** Prints the cases with their goals. */
export function printLivePush(result: TLivePushResult): void {
  console.log(`  live push (${result.streamPath}; times from the operator call's return):`);
  for (const c of result.cases) {
    const met = c.p99Ms <= c.goalP99Ms ? 'meets' : 'MISSES';
    console.log(
      `    ${c.name.padEnd(36)} ${String(c.opened).padStart(6)} pages  p50 ${c.p50Ms} ms  p99 ${c.p99Ms} ms  max ${c.maxMs} ms  (goal p99 ≤ ${c.goalP99Ms} ms: ${met})  operator call ${c.operatorCallMs} ms  p99 from call start ${c.fromStartP99Ms} ms`,
    );
    if (c.baseline) {
      console.log(
        `    ${''.padEnd(36)} before (tRPC subscription, 250 ms poll): p99 ${c.baseline.p99Ms} ms  operator call ${c.baseline.operatorCallMs} ms  p99 from call start ${c.baseline.fromStartP99Ms} ms`,
      );
    }
  }
  for (const s of result.skipped) console.log(`    skipped: ${s}`);
}
