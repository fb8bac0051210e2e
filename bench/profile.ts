/**
 * `tsx bench/profile.ts [screen|home|bare|same] [seconds]`: a CPU profile of the bench process (the
 * gateway, the embedded platform and the bare routes) while one route is loaded from another
 * process (bench/load.ts), as `pnpm bench` loads it. Prints the functions with the most self time
 * and the files they come from, and writes the whole profile to <tmpdir>/wl-profile-<route>.cpuprofile
 * (open it in Chromium's DevTools, Performance panel). Used for docs/0038.
 */
import { writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '@wl/gateway';
import { startEmbeddedPlatform } from '@wl/platform/embedded';
import { BROWSER_HEADERS, fetchRaw, homeBatchPath, registerBareRoute, SCREEN_PATH } from './edge.ts';
import { load } from './load.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const which = process.argv[2] ?? 'screen';
const seconds = Number(process.argv[3] ?? 8);

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));
}

const platform = await startEmbeddedPlatform({ memory: true });
const gateway = await buildApp({ upstreamUrl: platform.url, merchantCode: 'DEMO', logger: false });
const gatewayBase = await gateway.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
registerBareRoute(bare);
// The same bytes and headers as config.screen's answer, as bench/edge.ts sends them.
const screen = await fetchRaw(gatewayBase + SCREEN_PATH, BROWSER_HEADERS);
bare.get('/same-bytes', (_request, reply) => reply.code(screen.status).headers(screen.headers).send(screen.body));
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
const urls: Record<string, string> = {
  screen: gatewayBase + SCREEN_PATH,
  home: gatewayBase + homeBatchPath(),
  bare: `${bareBase}/bare`,
  same: `${bareBase}/same-bytes`,
};
const url = urls[which];
if (!url) throw new Error(`unknown route ${which}: one of ${Object.keys(urls).join(', ')}`);
await load({ url, headers: BROWSER_HEADERS, seconds: 2, connections: 10 }); // warm-up

const session = new Session();
session.connect();
await post(session, 'Profiler.enable');
await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
await post(session, 'Profiler.start');
const run = await load({ url, headers: BROWSER_HEADERS, seconds, connections: 10 });
const { profile } = await post<{ profile: Profiler.Profile }>(session, 'Profiler.stop');
session.disconnect();

const out = path.join(tmpdir(), `wl-profile-${which}.cpuprofile`);
writeFileSync(out, JSON.stringify(profile));
const self = new Map<string, number>();
const byFile = new Map<string, number>();
const counts = new Map<number, number>();
for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
const total = profile.samples?.length ?? 1;
for (const node of profile.nodes) {
  const n = counts.get(node.id) ?? 0;
  if (n === 0) continue;
  const { functionName, url: file, lineNumber } = node.callFrame;
  const short = file.replace(`file://${root}/`, '').replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '');
  const key = `${functionName || '(anonymous)'}  ${short}:${lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + n);
  const pkg =
    short.startsWith('node:') || short === ''
      ? short || '(vm)'
      : short
          .split('/')
          .slice(0, short.startsWith('@') ? 2 : 1)
          .join('/');
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + n);
}
// Time including callees, per function (each sample counted once per function on its stack).
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const inclusive = new Map<string, number>();
const label = (node: Profiler.ProfileNode) => {
  const { functionName, url: file, lineNumber } = node.callFrame;
  const short = file.replace(`file://${root}/`, '').replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '');
  return `${functionName || '(anonymous)'}  ${short}:${lineNumber + 1}`;
};
for (const [id, n] of counts) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = label(byId.get(at)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + n);
  }
}
const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
console.log(`${which}: ${run.requestsPerSecond} req/s, server CPU ${run.serverCpuPerRequestUs} µs per answer, busy ${run.serverBusy} core; ${total} samples`);
console.log('self time by package or file:');
for (const [k, n] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${pct(n)}  ${k}`);
console.log('self time by function:');
for (const [k, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${pct(n)}  ${k}`);
console.log('time with callees by function:');
for (const [k, n] of [...inclusive]
  .filter(([k]) => !k.startsWith('(root)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 60))
  console.log(`  ${pct(n)}  ${k}`);
console.log(`written to ${out}`);
await bare.close();
await gateway.close();
await platform.close();
