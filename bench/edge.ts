/**
 * Issue 7 item 3 (docs/0019): config.screen against a bare Fastify route that sends the very same
 * bytes and headers, and the home page's first data batch against the bare tiny route. Both are
 * asked as a browser asks: `accept-encoding: gzip, deflate, br` and `x-language: bn`, so the gateway
 * answers brotli, and the same-bytes route sends that brotli answer.
 */
import { request } from 'node:http';
import autocannon from 'autocannon';
import Fastify from 'fastify';

/** Request headers of every measured call (a browser's). */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'x-language': 'bn' };

/** config.screen as the web sends it since issue 7: alone, by httpLink. */
export const SCREEN_PATH = `/trpc/config.screen?input=${encodeURIComponent(JSON.stringify({ language: 'bn' }))}`;

/**
 * The batch the home page sends on its first load for a visitor (captured by Lighthouse in Chromium
 * from the seeded demo merchant: hot games, the first page of six vendor rows, winner board). Before
 * issue 7 the announcements rode in it too (9 calls); the app now asks for them with config.screen
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
function fetchRaw(url: string, headers: Record<string, string>): Promise<TAnswer> {
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

async function rps(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

export type TEdgeFigures = {
  request: { headers: Record<string, string> };
  configScreen: {
    path: string;
    bytes: number;
    contentEncoding: string | null;
    requestsPerSecond: number;
    sameBytesRequestsPerSecond: number;
    ratioToSameBytes: number;
    goal: number;
    baseline: number;
    latencyP99Ms: number;
    errors: number;
  };
  homeBatch: {
    path: string;
    bytes: number;
    contentEncoding: string | null;
    requestsPerSecond: number;
    ratioToBare: number;
    goal: number;
    baseline: number;
    latencyP99Ms: number;
    errors: number;
  };
};

/**
 * Before issue 7 (7c8e204 with this module), mean of two runs on a busy machine (five helpers on two
 * cores, load 10–15): config.screen 0.357 and 0.225 of the same 36,088 plain bytes (nothing was
 * compressed), the home batch (33,088 plain bytes) 0.116 and 0.107 of the bare tiny route.
 */
const BASELINE = { configScreenToSameBytes: 0.291, homeBatchToBare: 0.112 };

/** Measures the edge figures against a running gateway; `bareRps` is the bare tiny route's figure of the same run. */
export async function measureEdge(options: { gatewayBase: string; bareRps: number; seconds: number; connections: number }): Promise<TEdgeFigures> {
  const { gatewayBase, bareRps, seconds, connections } = options;
  // Warm both answers, then copy config.screen's answer (status, headers, bytes) into a bare route.
  const screen = await fetchRaw(gatewayBase + SCREEN_PATH, BROWSER_HEADERS);
  const home = await fetchRaw(gatewayBase + homeBatchPath(), BROWSER_HEADERS);
  if (screen.status !== 200 || home.status !== 200) throw new Error(`edge bench: config.screen ${screen.status}, home batch ${home.status}`);

  const same = Fastify({ logger: false });
  same.get('/same-bytes', (_request, reply) => reply.code(screen.status).headers(screen.headers).send(screen.body));
  const sameBase = await same.listen({ port: 0, host: '127.0.0.1' });
  try {
    const sameRun = await rps(`${sameBase}/same-bytes`, BROWSER_HEADERS, seconds, connections);
    const screenRun = await rps(gatewayBase + SCREEN_PATH, BROWSER_HEADERS, seconds, connections);
    const homeRun = await rps(gatewayBase + homeBatchPath(), BROWSER_HEADERS, seconds, connections);
    return {
      request: { headers: BROWSER_HEADERS },
      configScreen: {
        path: SCREEN_PATH,
        bytes: screen.body.length,
        contentEncoding: screen.headers['content-encoding'] ?? null,
        requestsPerSecond: screenRun.requestsPerSecond,
        sameBytesRequestsPerSecond: sameRun.requestsPerSecond,
        ratioToSameBytes: Number((screenRun.requestsPerSecond / Math.max(1, sameRun.requestsPerSecond)).toFixed(3)),
        goal: 0.8,
        baseline: BASELINE.configScreenToSameBytes,
        latencyP99Ms: screenRun.latencyP99Ms,
        errors: screenRun.errors + sameRun.errors,
      },
      homeBatch: {
        path: homeBatchPath(),
        bytes: home.body.length,
        contentEncoding: home.headers['content-encoding'] ?? null,
        requestsPerSecond: homeRun.requestsPerSecond,
        ratioToBare: Number((homeRun.requestsPerSecond / Math.max(1, bareRps)).toFixed(3)),
        goal: 0.5,
        baseline: BASELINE.homeBatchToBare,
        latencyP99Ms: homeRun.latencyP99Ms,
        errors: homeRun.errors,
      },
    };
  } finally {
    await same.close();
  }
}

/** The lines `pnpm bench` prints for these figures. */
export function printEdge(figures: TEdgeFigures): void {
  const { configScreen: c, homeBatch: b } = figures;
  console.log(`  edge (asked with accept-encoding "${figures.request.headers['accept-encoding']}")`);
  console.log(
    `    config.screen vs same bytes  ${String(c.requestsPerSecond).padStart(7)} / ${c.sameBytesRequestsPerSecond} req/s  ratio ${c.ratioToSameBytes.toFixed(3)}  goal ≥ ${c.goal}  baseline ${c.baseline}  (${c.bytes} bytes ${c.contentEncoding ?? 'identity'}, p99 ${c.latencyP99Ms} ms, errors ${c.errors})`,
  );
  console.log(
    `    home batch (8 calls) vs bare ${String(b.requestsPerSecond).padStart(7)} req/s  ratio ${b.ratioToBare.toFixed(3)}  goal ≥ ${b.goal}  baseline ${b.baseline}  (${b.bytes} bytes ${b.contentEncoding ?? 'identity'}, p99 ${b.latencyP99Ms} ms, errors ${b.errors})`,
  );
}
