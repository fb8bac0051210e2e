/**
 * `pnpm lighthouse` (and part of `pnpm bench`): Lighthouse 12 on the home page, mobile preset
 * (Lighthouse's default form factor and simulated throttling: slow 4G, 4× CPU slowdown), in Debian
 * Chromium, against the embedded site with a fresh in-memory database. Builds nothing: it serves
 * web/dist as built (`pnpm bench` builds first; `pnpm lighthouse` expects a build). Prints the
 * performance score, LCP, FCP, TBT, CLS and Speed Index beside their goals and, run on its own,
 * writes them to bench/results.json under `lighthouse`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { buildApp } from '@wl/gateway';
import { startEmbeddedPlatform } from '@wl/platform/embedded';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = path.join(root, 'bench', 'results.json');

/** The launch flags of e2e/playwright.config.ts (CHROMIUM_ARGS), headless. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Lighthouse's errors for a load it failed to record, which it asks to be run again: a trace without
 * its start, or Chromium too slow to answer the DevTools protocol (PROTOCOL_TIMEOUT, on a loaded machine).
 */
const TRACE_RECORDING_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);

/** docs/rules/reach.md goals. */
export const LIGHTHOUSE_GOALS = { score: 95, lcpMs: 2000 } as const;
/** Measured on main before docs/rules/reach.md (Lighthouse mobile, busy machine): see docs/0022. */
export const LIGHTHOUSE_BASELINE = { score: 30 } as const;

export type TLighthouseFigures = {
  url: string;
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  goals: typeof LIGHTHOUSE_GOALS;
  baseline: typeof LIGHTHOUSE_BASELINE;
};

/** The part of chrome-launcher used here. */
type TChromeLauncher = {
  launch(opts: { chromePath: string; chromeFlags: string[]; logLevel: 'silent' }): Promise<{ port: number; kill(): void }>;
};

/** chrome-launcher comes with lighthouse (not a dependency of ours): load the copy lighthouse uses. */
async function loadChromeLauncher(): Promise<TChromeLauncher> {
  const fromLighthouse = createRequire(fileURLToPath(import.meta.resolve('lighthouse')));
  return (await import(pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href)) as TChromeLauncher;
}

/** Starts the embedded site on a free port, runs Lighthouse on `/`, stops everything; returns the figures. */
export async function measureLighthouse(opts: { distDir?: string; chromePath?: string } = {}): Promise<TLighthouseFigures> {
  const distDir = opts.distDir ?? path.join(root, 'web', 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`no web build in ${distDir}: run pnpm --filter @wl/web build`);
  const platform = await startEmbeddedPlatform({ memory: true, jobs: false });
  const gateway = await buildApp({ upstreamUrl: platform.url, merchantCode: 'DEMO', webDistDir: distDir, logger: false });
  const base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  const { launch } = await loadChromeLauncher();
  const chrome = await launch({ chromePath: opts.chromePath ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const url = `${base}/`;
    // Defaults are the mobile preset: form factor, screen emulation and simulated throttling.
    const audit = async () => {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
      if (!result) throw new Error('lighthouse returned no result');
      return result.lhr;
    };
    let lhr = await audit();
    // Now and then Chromium's trace of the load comes back without its navigation start
    // (NO_NAVSTART, "run Lighthouse again") or Chromium misses a protocol deadline: a failed
    // recording, not a figure; measured once more.
    if (lhr.runtimeError && TRACE_RECORDING_ERRORS.has(lhr.runtimeError.code)) lhr = await audit();
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // The whole report (every audit: long tasks, main-thread work, LCP element, requests) for diagnosis.
    if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr, null, 1));
    const metric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000;
    return {
      url,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      fcpMs: Math.round(metric('first-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: Math.round(metric('speed-index')),
      goals: LIGHTHOUSE_GOALS,
      baseline: LIGHTHOUSE_BASELINE,
    };
  } finally {
    chrome.kill();
    await gateway.close();
    await platform.close();
  }
}

/** The figures as printed lines. */
export function formatLighthouse(f: TLighthouseFigures): string {
  const mark = (ok: boolean) => (ok ? 'meets goal' : 'MISSES goal');
  return [
    `  lighthouse mobile on ${f.url}`,
    `    performance score ${String(f.score).padStart(5)}   goal ≥ ${f.goals.score} (${mark(f.score >= f.goals.score)}), baseline ≈ ${f.baseline.score}`,
    `    LCP ${String(f.lcpMs).padStart(15)} ms goal ≤ ${f.goals.lcpMs} ms (${mark(f.lcpMs <= f.goals.lcpMs)})`,
    `    FCP ${String(f.fcpMs).padStart(15)} ms`,
    `    TBT ${String(f.tbtMs).padStart(15)} ms`,
    `    CLS ${String(f.cls).padStart(15)}`,
    `    Speed Index ${String(f.speedIndexMs).padStart(7)} ms`,
  ].join('\n');
}

// `pnpm lighthouse`: measure, print, and put the figures into bench/results.json beside the others.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const figures = await measureLighthouse();
  console.log(`\n${formatLighthouse(figures)}`);
  const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(resultsFile, JSON.stringify({ ...previous, lighthouse: { when: new Date().toISOString(), ...figures } }, null, 2) + '\n');
  console.log('  written to bench/results.json\n');
}
