/**
 * `pnpm bench`: throughput of the gateway's screen-config call and of the home page's data calls,
 * each as a ratio against a bare Fastify route served by the same process, plus the home route's
 * initial JavaScript gzipped. Ratios, not absolute numbers, are what to compare across machines.
 * Writes bench/results.json and prints the figures. It never fails on a figure.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { buildApp } from '@wl/gateway';
import { startEmbeddedPlatform } from '@wl/platform/embedded';
import { formatLighthouse, measureLighthouse } from './lighthouse.ts';
import { formatConfigSize, measureConfigSize } from './config-size.ts';
import { measureEdge, printEdge, registerBareRoute } from './edge.ts';
import { measureAgentTeam, printAgentTeam } from './agent-team.ts';
import { measureGameList, measureSlotRounds, printGameList, printSlotRounds } from './games.ts';
import { measureLedger, printLedger } from './ledger.ts';
import { measurePromoJobs, printPromoJobs } from './promo-cashback.ts';
import { load } from './load.ts';
import { measureIdleMemory, printIdleMemory } from './memory.ts';
import { livePush, printLivePush } from './live-push.ts';
import { goalRows, printGoals } from './summary.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Alternations of each edge route with its reference (bench/edge.ts). */
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);

type TRun = { name: string; path: string; requestsPerSecond: number; latencyP99Ms: number; errors: number; serverCpuPerRequestUs: number; serverBusy: number };

async function measure(base: string, name: string, urlPath: string, headers: Record<string, string> = {}): Promise<TRun> {
  const { requestsPerSecond, latencyP99Ms, errors, serverCpuPerRequestUs, serverBusy } = await load({ url: base + urlPath, connections, seconds, headers });
  return { name, path: urlPath, requestsPerSecond, latencyP99Ms, errors, serverCpuPerRequestUs, serverBusy };
}

const trpcGet = (proc: string, input: unknown) => `/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`;

function initialJsGzipBytes(): { files: string[]; gzipBytes: number; rawBytes: number } {
  const dist = path.join(root, 'web', 'dist');
  // The entry (the HTML's one script) and src/boot.tsx, which it loads after the first paint, with
  // every chunk they import statically: what the home route runs before it renders (docs/0022).
  type TManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, TManifestChunk>;
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) walk(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry || key === 'src/boot.tsx') walk(key);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const body = readFileSync(path.join(dist, file));
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { files: [...files], gzipBytes, rawBytes };
}

async function main() {
  // First, while nothing else of the bench runs: the real start path in a child process.
  const idleMemory = await measureIdleMemory();
  const platform = await startEmbeddedPlatform({ memory: true });
  const gateway = await buildApp({ upstreamUrl: platform.url, merchantCode: 'DEMO', logger: false });
  const gatewayBase = await gateway.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  registerBareRoute(bare);
  const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

  const headers = { 'x-language': 'bn' };
  const runs: TRun[] = [];
  runs.push(await measure(bareBase, 'bare fastify route', '/bare'));
  runs.push(await measure(gatewayBase, 'config.screen', trpcGet('config.screen', { language: 'bn' }), headers));
  runs.push(await measure(gatewayBase, 'catalogue.hotGames', trpcGet('catalogue.hotGames', { language: 'bn' }), headers));
  runs.push(await measure(gatewayBase, 'content.announcements', trpcGet('content.announcements', { language: 'bn' }), headers));
  runs.push(await measure(gatewayBase, 'content.winnerBoard', trpcGet('content.winnerBoard', { language: 'bn' }), headers));
  runs.push(
    await measure(
      gatewayBase,
      'catalogue.games (RNG page 1)',
      trpcGet('catalogue.games', { gameType: 'RNG', pageNo: 1, pageSize: 12, language: 'bn' }),
      headers,
    ),
  );

  const live = await livePush();
  const bareRps = runs[0]?.requestsPerSecond ?? 1;
  const edge = await measureEdge({ gatewayBase, bareUrl: `${bareBase}/bare`, seconds, connections, rounds });
  // Its own site and browser, after the load runs above are over (bench/lighthouse.ts). A load Lighthouse
  // could not record twice (a machine too busy for Chromium's protocol) is printed as not measured, with
  // the reason, and every other figure is still measured.
  let lighthouseError: string | null = null;
  const lighthouse = await measureLighthouse().catch((error: unknown) => {
    lighthouseError = error instanceof Error ? error.message : String(error);
    return null;
  });
  const results = {
    when: new Date().toISOString(),
    seconds,
    connections,
    runs: runs.map((r) => ({ ...r, ratioToBare: Number((r.requestsPerSecond / bareRps).toFixed(3)) })),
    homeInitialJs: initialJsGzipBytes(),
    lighthouse,
    lighthouseError,
    configSize: await measureConfigSize(gatewayBase),
    edge,
    idleMemory,
    livePush: live,
    // docs/0030: transfers beside empty transactions, 50 clients, PGlite and (with DATABASE_URL) PostgreSQL.
    ledger: await measureLedger(process.env.DATABASE_URL),
    // docs/0035: slot rounds through the seamless wallet (ratio to the ledger's transfers above), and the
    // game list on a catalogue of 10,000 games beside a bare route with the same bytes.
    slotRounds: await measureSlotRounds(process.env.DATABASE_URL),
    gameList: await measureGameList(),
    // docs/0046: the agent centre for an agent with 100,000 downlines and 1,000,000 bets, beside a bare route.
    agentTeam: await measureAgentTeam(process.env.DATABASE_URL),
    // docs/0099: the daily rewards and cashback runs over 100,000 members and 1,000,000 settled wallet rounds.
    promoJobs: await measurePromoJobs(process.env.DATABASE_URL),
  };
  const goals = goalRows(results);

  writeFileSync(path.join(root, 'bench', 'results.json'), JSON.stringify({ ...results, goals }, null, 2) + '\n');
  console.log(`\nbench (${seconds}s × ${connections} connections each, load from another process)`);
  for (const r of results.runs) {
    console.log(
      `  ${r.name.padEnd(30)} ${String(r.requestsPerSecond).padStart(7)} req/s  ratio ${r.ratioToBare.toFixed(3)}  p99 ${r.latencyP99Ms} ms  errors ${r.errors}  server CPU ${r.serverCpuPerRequestUs} µs/answer, busy ${r.serverBusy} core`,
    );
  }
  console.log(
    `  home initial JS: ${results.homeInitialJs.gzipBytes} bytes gzipped (${results.homeInitialJs.rawBytes} raw) in ${results.homeInitialJs.files.length} files`,
  );
  console.log(results.lighthouse ? formatLighthouse(results.lighthouse) : `  lighthouse mobile: not measured (${results.lighthouseError})`);
  console.log(`  ${formatConfigSize(results.configSize)}`);
  printEdge(results.edge);
  printIdleMemory(results.idleMemory);
  printLivePush(results.livePush);
  printLedger(results.ledger);
  printSlotRounds(results.slotRounds, results.ledger);
  printGameList(results.gameList);
  printAgentTeam(results.agentTeam);
  printPromoJobs(results.promoJobs);
  printGoals(goals);
  console.log(`  written to bench/results.json\n`);

  await bare.close();
  await gateway.close();
  await platform.close();
}

await main();
