/**
 * `pnpm lighthouse` (and part of `pnpm bench`): Lighthouse 12, mobile preset (Lighthouse's default
 * form factor and simulated throttling: slow 4G, 4× CPU slowdown), in Debian Chromium, against the
 * embedded site with a fresh in-memory database. `pnpm lighthouse` measures home and the member's
 * everyday pages (bench/lighthouse-pages.ts, docs/0086), three runs each (`LIGHTHOUSE_RUNS`), and
 * prints per run the performance, accessibility and best-practices scores, TBT, LCP and CLS;
 * `pnpm bench` measures home once. Builds nothing: it serves web/dist as built (`pnpm bench`
 * builds first; `pnpm lighthouse` expects a build). Run on its own, it writes the figures to
 * bench/results.json under `lighthouse` (home's first run) and `lighthousePages` (every run).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { buildApp } from '@wl/gateway';
import { startEmbeddedPlatform } from '@wl/platform/embedded';
import { importFromLighthouse, LIGHTHOUSE_PAGES, memberSessionEntries, selectedPages, signedInTab, type TLighthousePage } from './lighthouse-pages.ts';

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
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
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

/** One Lighthouse run of one page of bench/lighthouse-pages.ts. */
export type TLighthousePageRun = TLighthouseFigures & {
  page: string;
  run: number;
  goal: number;
  accessibility: number;
  bestPractices: number;
};

/** The part of chrome-launcher used here. */
type TChromeLauncher = {
  launch(opts: { chromePath: string; chromeFlags: string[]; logLevel: 'silent' }): Promise<{ port: number; kill(): void }>;
};

type TLhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One recorded load of `url` (in `page` when given: a signed-in tab), measured again (up to twice) when the recording failed. */
async function audit(port: number, url: string, page?: unknown): Promise<TLhr> {
  const once = async () => {
    // Defaults are the mobile preset: form factor, screen emulation and simulated throttling.
    const flags = { port, onlyCategories: ['performance', 'accessibility', 'best-practices'], output: 'json' as const, logLevel: 'error' as const };
    const result = await lighthouse(url, flags, undefined, page as Parameters<typeof lighthouse>[3]);
    if (!result) throw new Error('lighthouse returned no result');
    return result.lhr;
  };
  let lhr = await once();
  // Now and then Chromium's trace of the load comes back without its navigation start
  // (NO_NAVSTART, "run Lighthouse again") or Chromium misses a protocol deadline: a failed
  // recording, not a figure; measured again, up to twice more (twice in a row happened on a
  // machine loaded by other work).
  for (let retry = 0; retry < 2 && lhr.runtimeError && TRACE_RECORDING_ERRORS.has(lhr.runtimeError.code); retry++) lhr = await once();
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** The figures of a report. */
function figuresOf(lhr: TLhr, url: string): TLighthouseFigures & { accessibility: number; bestPractices: number } {
  const metric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    url,
    score: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    fcpMs: Math.round(metric('first-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: metric('cumulative-layout-shift'),
    speedIndexMs: Math.round(metric('speed-index')),
    goals: LIGHTHOUSE_GOALS,
    baseline: LIGHTHOUSE_BASELINE,
  };
}

type TMeasureOpts = { distDir?: string; chromePath?: string; pages?: readonly TLighthousePage[]; runs?: number };

/**
 * Starts the embedded site on a free port and one Chromium, runs Lighthouse `runs` times on each
 * page (round by round: every page once, then again, so a burst of load elsewhere falls on all
 * pages alike), stops everything; returns every run's figures.
 */
export async function measureLighthousePages(opts: TMeasureOpts = {}): Promise<TLighthousePageRun[]> {
  const distDir = opts.distDir ?? path.join(root, 'web', 'dist');
  const pages = opts.pages ?? LIGHTHOUSE_PAGES;
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`no web build in ${distDir}: run pnpm --filter @wl/web build`);
  const platform = await startEmbeddedPlatform({ memory: true, jobs: false });
  const gateway = await buildApp({ upstreamUrl: platform.url, merchantCode: 'DEMO', webDistDir: distDir, logger: false });
  const base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  const { launch } = await importFromLighthouse<TChromeLauncher>('chrome-launcher');
  const chrome = await launch({ chromePath: opts.chromePath ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  const runs: TLighthousePageRun[] = [];
  try {
    const session = pages.some((p) => p.signedIn) ? await memberSessionEntries(base) : [];
    for (let run = 1; run <= (opts.runs ?? 1); run++) {
      for (const page of pages) {
        const url = `${base}${page.path}`;
        const tab = page.signedIn ? await signedInTab(chrome.port, session) : null;
        try {
          const lhr = await audit(chrome.port, url, tab?.page);
          // The whole report (every audit: long tasks, main-thread work, LCP element, requests) for diagnosis.
          const report = process.env.LIGHTHOUSE_REPORT;
          if (report) writeFileSync(report.replace(/(\.json)?$/, `-${page.name.replace(/ /g, '-')}-${run}.json`), JSON.stringify(lhr, null, 1));
          runs.push({ ...figuresOf(lhr, url), page: page.name, run, goal: page.goal });
        } finally {
          await tab?.done();
        }
      }
    }
    return runs;
  } finally {
    chrome.kill();
    await gateway.close();
    await platform.close();
  }
}

/** Home once (`pnpm bench`): the figures beside docs/rules/reach.md's goals. */
export async function measureLighthouse(opts: Omit<TMeasureOpts, 'pages' | 'runs'> = {}): Promise<TLighthouseFigures> {
  const [home] = await measureLighthousePages({ ...opts, pages: LIGHTHOUSE_PAGES.filter((p) => p.path === '/') });
  if (!home) throw new Error('lighthouse measured nothing');
  return home;
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

/** Every run as a table: one line a run, grouped by page, each page's goal marked on its performance score. */
export function formatLighthousePages(runs: readonly TLighthousePageRun[]): string {
  const lines = ['  lighthouse mobile        run  perf  a11y  best   TBT ms   LCP ms   FCP ms   CLS'];
  const names = [...new Set(runs.map((r) => r.page))];
  for (const name of names) {
    for (const r of runs.filter((x) => x.page === name)) {
      const cells = [r.score, r.accessibility, r.bestPractices].map((n) => String(n).padStart(6)).join('');
      const times = [r.tbtMs, r.lcpMs, r.fcpMs].map((n) => String(n).padStart(9)).join('');
      const mark = r.score >= r.goal ? '' : `  MISSES ≥ ${r.goal}`;
      lines.push(`  ${name.padEnd(24)}${String(r.run).padStart(3)}${cells}${times}${String(r.cls).padStart(7)}${mark}`);
    }
  }
  return lines.join('\n');
}

// `pnpm lighthouse`: measure, print, and put the figures into bench/results.json beside the others.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const runs = await measureLighthousePages({ distDir: process.env.LIGHTHOUSE_DIST, pages: selectedPages(), runs: Number(process.env.LIGHTHOUSE_RUNS ?? 3) });
  console.log(`\n${formatLighthousePages(runs)}`);
  const home = runs.find((r) => r.page === 'home');
  const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
  const when = new Date().toISOString();
  // `lighthouse` stays home's figures, as `pnpm bench` writes them (its first run here).
  const lighthouseHome = home ? { lighthouse: { when, ...home } } : {};
  writeFileSync(resultsFile, JSON.stringify({ ...previous, ...lighthouseHome, lighthousePages: { when, runs } }, null, 2) + '\n');
  console.log('  written to bench/results.json\n');
}
