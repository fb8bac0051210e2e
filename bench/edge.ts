/**
 * docs/0019: config.screen against a bare Fastify route that sends the very same
 * bytes and headers, and the home page's first data batch against the bare tiny route. Both are
 * asked as a browser asks: `accept-encoding: gzip, deflate, br` and `x-language: bn`, so the gateway
 * answers brotli, and the same-bytes route sends that brotli answer.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '@wl/gateway';
import { startEmbeddedPlatform } from '@wl/platform/embedded';
import { load, type TLoadResult } from './load.ts';

/** Request headers of every measured call (a browser's). */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'x-language': 'bn' };

/** config.screen as the web sends it since docs/rules/reach.md: alone, by httpLink. */
export const SCREEN_PATH = `/trpc/config.screen?input=${encodeURIComponent(JSON.stringify({ language: 'bn' }))}`;

/**
 * The batch the home page sends on its first load for a visitor (captured by Lighthouse in Chromium
 * from the seeded demo merchant: hot games, the first page of six vendor rows, winner board). Before
 * docs/0020 the announcements rode in it too (9 calls); the app now asks for them with config.screen
 * before its first render (docs/0022), so the batch has 8.
 */
export function homeBatchPath(language = 'bn'): string {
  const games = (gameType: string, vassalage: string, pageSize = 12) => ({ pageNo: 1, pageSize, language, gameType, vassalage });
  const calls: [string, unknown][] = [
    ['catalogue.hotGames', { language }],
    ['catalogue.games', games('RNG', 'SPINORA')],
    ['catalogue.games', games('FISH', 'REEFHUNT')],
    ['catalogue.games', games('LIVE', 'VELVETLIVE')],
    ['catalogue.games', games('PVP', 'CARDHALL')],
    ['catalogue.games', games('RNG', 'KESTREL')],
    ['catalogue.games', games('SPORTS', 'KICKOFFX', 1)],
    ['content.winnerBoard', { language }],
  ];
  const input = Object.fromEntries(calls.map(([, value], i) => [String(i), value]));
  return `/trpc/${calls.map(([path]) => path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

type TAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/** One GET, body as sent (not decoded), hop-by-hop headers left out. */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<TAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined || ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)) continue;
          out[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The answer's text, decoded from the coding the gateway chose. */
function textOf(answer: TAnswer): string {
  const coding = answer.headers['content-encoding'];
  const body = coding === 'br' ? brotliDecompressSync(answer.body) : coding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return body.toString('utf8');
}

/**
 * A 200 answer of `url`, the model of a measure. On a busy machine a call of the home batch can be
 * cut off by the gateway's 5 s upstream limit (the batch then answers 207): asked again a second
 * later, at most `attempts` times, each time saying what the answer held; then the bench stops with it.
 */
async function warmAnswer(name: string, url: string, attempts = 5): Promise<TAnswer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await fetchRaw(url, BROWSER_HEADERS);
    if (answer.status === 200) return answer;
    const said = `${name} answered ${answer.status}: ${textOf(answer).slice(0, 300)}`;
    if (attempt >= attempts) throw new Error(`edge bench: ${said}`);
    console.warn(`  edge bench: ${said}; asking again`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * A measured route beside its reference, both loaded the same way from a child process
 * (bench/load.ts). `rounds` alternates them (reference, route, reference, route, …) so drift in a
 * shared machine's load falls on both; figures are over all rounds.
 */
export type TPairFigures = {
  requestsPerSecond: number;
  referenceRequestsPerSecond: number;
  /** Server CPU per answer (µs) of the route and of the reference, and reference ÷ route. */
  serverCpuPerRequestUs: number;
  referenceServerCpuPerRequestUs: number;
  cpuRatio: number;
  /** Share of a core the serving process used during each (1 = one core all along). */
  serverBusy: number;
  referenceServerBusy: number;
  latencyP99Ms: number;
  errors: number;
};

export type TEdgeFigures = {
  request: { headers: Record<string, string> };
  rounds: number;
  configScreen: TPairFigures & {
    path: string;
    bytes: number;
    contentEncoding: string | null;
    sameBytesRequestsPerSecond: number;
    ratioToSameBytes: number;
    goal: number;
    baseline: number;
  };
  homeBatch: TPairFigures & {
    path: string;
    bytes: number;
    contentEncoding: string | null;
    bareRequestsPerSecond: number;
    ratioToBare: number;
    goal: number;
    baseline: number;
  };
};

/**
 * Before docs/0019 (7c8e204 with this module), mean of two runs on a busy machine (five helpers on two
 * cores, load 10–15): config.screen 0.357 and 0.225 of the same 36,088 plain bytes (nothing was
 * compressed), the home batch (33,088 plain bytes) 0.116 and 0.107 of the bare tiny route. Those
 * were measured with the load generator inside the bench process (before docs/0038).
 */
const BASELINE = { configScreenToSameBytes: 0.291, homeBatchToBare: 0.112 };

async function pair(referenceUrl: string, url: string, o: { seconds: number; connections: number; rounds: number }): Promise<TPairFigures> {
  const sum = (runs: TLoadResult[]) => {
    const requests = runs.reduce((n, r) => n + r.requests, 0);
    const cpuUs = runs.reduce((n, r) => n + r.serverCpuPerRequestUs * r.requests, 0);
    return {
      requestsPerSecond: Math.round(requests / (o.seconds * runs.length)),
      cpuPerRequestUs: Math.round(cpuUs / Math.max(1, requests)),
      busy: Number((runs.reduce((n, r) => n + r.serverBusy, 0) / runs.length).toFixed(2)),
      p99: Math.max(...runs.map((r) => r.latencyP99Ms)),
      errors: runs.reduce((n, r) => n + r.errors, 0),
    };
  };
  const references: TLoadResult[] = [];
  const routes: TLoadResult[] = [];
  for (let round = 0; round < o.rounds; round++) {
    references.push(await load({ url: referenceUrl, headers: BROWSER_HEADERS, seconds: o.seconds, connections: o.connections }));
    routes.push(await load({ url, headers: BROWSER_HEADERS, seconds: o.seconds, connections: o.connections }));
  }
  const reference = sum(references);
  const route = sum(routes);
  return {
    requestsPerSecond: route.requestsPerSecond,
    referenceRequestsPerSecond: reference.requestsPerSecond,
    serverCpuPerRequestUs: route.cpuPerRequestUs,
    referenceServerCpuPerRequestUs: reference.cpuPerRequestUs,
    cpuRatio: Number((reference.cpuPerRequestUs / Math.max(1, route.cpuPerRequestUs)).toFixed(3)),
    serverBusy: route.busy,
    referenceServerBusy: reference.busy,
    latencyP99Ms: route.p99,
    errors: route.errors + reference.errors,
  };
}

const ratio = (a: number, b: number) => Number((a / Math.max(1, b)).toFixed(3));

/**
 * Measures the edge figures against a running gateway. `bareUrl` is the bare tiny route (same
 * process as the gateway), measured here beside the home batch.
 */
export async function measureEdge(options: {
  gatewayBase: string;
  bareUrl: string;
  seconds: number;
  connections: number;
  rounds?: number;
}): Promise<TEdgeFigures> {
  const { gatewayBase, bareUrl, seconds, connections } = options;
  const rounds = Math.max(1, options.rounds ?? 1);
  // Warm both answers, then copy config.screen's answer (status, headers, bytes) into a bare route.
  const screen = await warmAnswer('config.screen', gatewayBase + SCREEN_PATH);
  const home = await warmAnswer('home batch', gatewayBase + homeBatchPath());

  const same = Fastify({ logger: false });
  same.get('/same-bytes', (_request, reply) => reply.code(screen.status).headers(screen.headers).send(screen.body));
  const sameBase = await same.listen({ port: 0, host: '127.0.0.1' });
  try {
    const screenPair = await pair(`${sameBase}/same-bytes`, gatewayBase + SCREEN_PATH, { seconds, connections, rounds });
    const homePair = await pair(bareUrl, gatewayBase + homeBatchPath(), { seconds, connections, rounds });
    return {
      request: { headers: BROWSER_HEADERS },
      rounds,
      configScreen: {
        ...screenPair,
        path: SCREEN_PATH,
        bytes: screen.body.length,
        contentEncoding: screen.headers['content-encoding'] ?? null,
        sameBytesRequestsPerSecond: screenPair.referenceRequestsPerSecond,
        ratioToSameBytes: ratio(screenPair.requestsPerSecond, screenPair.referenceRequestsPerSecond),
        goal: 0.8,
        baseline: BASELINE.configScreenToSameBytes,
      },
      homeBatch: {
        ...homePair,
        path: homeBatchPath(),
        bytes: home.body.length,
        contentEncoding: home.headers['content-encoding'] ?? null,
        bareRequestsPerSecond: homePair.referenceRequestsPerSecond,
        ratioToBare: ratio(homePair.requestsPerSecond, homePair.referenceRequestsPerSecond),
        goal: 0.5,
        baseline: BASELINE.homeBatchToBare,
      },
    };
  } finally {
    await same.close();
  }
}

/** The lines `pnpm bench` prints for these figures. */
export function printEdge(figures: TEdgeFigures): void {
  const { configScreen: c, homeBatch: b } = figures;
  const cpu = (p: TPairFigures) =>
    `server CPU ${p.serverCpuPerRequestUs} / ${p.referenceServerCpuPerRequestUs} µs per answer (ratio ${p.cpuRatio.toFixed(3)}), server busy ${p.serverBusy} / ${p.referenceServerBusy} core`;
  console.log(
    `  edge (asked with accept-encoding "${figures.request.headers['accept-encoding']}"; load from ${process.env.BENCH_LOAD_IN_PROCESS === '1' ? 'inside the bench process' : 'another process'}; ${figures.rounds} round(s) each)`,
  );
  console.log(
    `    config.screen vs same bytes  ${String(c.requestsPerSecond).padStart(7)} / ${c.sameBytesRequestsPerSecond} req/s  ratio ${c.ratioToSameBytes.toFixed(3)}  goal ≥ ${c.goal}  baseline ${c.baseline}  (${c.bytes} bytes ${c.contentEncoding ?? 'identity'}, p99 ${c.latencyP99Ms} ms, errors ${c.errors})`,
  );
  console.log(`      ${cpu(c)}`);
  console.log(
    `    home batch (8 calls) vs bare ${String(b.requestsPerSecond).padStart(7)} / ${b.bareRequestsPerSecond} req/s  ratio ${b.ratioToBare.toFixed(3)}  goal ≥ ${b.goal}  baseline ${b.baseline}  (${b.bytes} bytes ${b.contentEncoding ?? 'identity'}, p99 ${b.latencyP99Ms} ms, errors ${b.errors})`,
  );
  console.log(`      ${cpu(b)}`);
}

/** The bare tiny route every ratio of the bench refers to. */
export function registerBareRoute(app: FastifyInstance): void {
  app.get('/bare', async () => ({ success: true, value: { ok: true }, message: null }));
}

// `tsx bench/edge.ts`: these two figures alone (BENCH_SECONDS, BENCH_CONNECTIONS as for `pnpm bench`),
// on an in-memory site set up as `pnpm bench` sets it up. Run `node scripts/build-web.mjs` first.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const platform = await startEmbeddedPlatform({ memory: true });
  const gateway = await buildApp({ upstreamUrl: platform.url, merchantCode: 'DEMO', logger: false });
  const gatewayBase = await gateway.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  registerBareRoute(bare);
  const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    printEdge(
      await measureEdge({
        gatewayBase,
        bareUrl: `${bareBase}/bare`,
        seconds: Number(process.env.BENCH_SECONDS ?? 5),
        connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
        rounds: Number(process.env.BENCH_ROUNDS ?? 1),
      }),
    );
  } finally {
    await bare.close();
    await gateway.close();
    await platform.close();
  }
}
