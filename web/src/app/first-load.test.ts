// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

type TChunk = Rolldown.OutputChunk;

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

/** docs/0022: the home route's initial JavaScript, gzipped, at most this (bench measures the same files). */
const HOME_INITIAL_JS_GZIP_BUDGET = 150_000;

/** Module ids that must never reach the browser: the wire cipher and the server-only wps contracts. */
const isServerOnly = (id: string) =>
  /[\\/]node_modules[\\/].*crypto-js[\\/]/.test(id) || (/[\\/]schemas[\\/]src[\\/]wps[\\/]/.test(id) && !id.endsWith('messages.ts'));

/**
 * What the first load holds, read from a real production build (in memory): the entry chunk and
 * the app's start chunk (src/boot.tsx), which the entry imports after the first paint, with every
 * chunk they import statically.
 */
describe('the first load of the built web app (docs/0022)', () => {
  let chunks: TChunk[];
  let initial: TChunk[];
  let htmlScripts: string[];
  beforeAll(async () => {
    // The production build exactly as `vite build` makes it: vitest runs with NODE_ENV=test, which
    // would switch React's JSX to its development runtime.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    let out: Rolldown.RolldownOutput;
    try {
      out = (await build({ root: webRoot, mode: 'production', logLevel: 'silent', build: { write: false } })) as Rolldown.RolldownOutput;
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    chunks = out.output.filter((o): o is TChunk => o.type === 'chunk');
    const byName = new Map(chunks.map((c) => [c.fileName, c]));
    const seen = new Set<string>();
    const walk = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const next of byName.get(name)?.imports ?? []) walk(next);
    };
    // The entry starts the app from src/boot.tsx after the HTML has painted (docs/0022); that chunk
    // and its static imports download then, and are part of the first load.
    for (const c of chunks.filter((c) => c.isEntry || c.facadeModuleId?.endsWith('/src/boot.tsx'))) walk(c.fileName);
    initial = chunks.filter((c) => seen.has(c.fileName));
    const html = out.output.find((o) => o.fileName === 'index.html');
    htmlScripts = html?.type === 'asset' ? [...String(html.source).matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1] as string) : [];
  }, 120_000);

  it('names only the entry and its own small imports in index.html: no JavaScript competes with the first banner for the network', () => {
    expect(initial.some((c) => c.facadeModuleId?.endsWith('/src/boot.tsx'))).toBe(true);
    const entry = chunks.filter((c) => c.isEntry);
    const entryImports = chunks.filter((c) => entry.some((e) => e.imports.includes(c.fileName)));
    expect(htmlScripts.sort()).toEqual([...entry, ...entryImports].map((c) => c.fileName).sort());
    const gzipBytes = [...entry, ...entryImports].reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0);
    expect(gzipBytes, `the HTML's scripts: ${gzipBytes} bytes gzipped`).toBeLessThan(3_000);
  });

  it('never loads the entry stylesheet again: index.html holds it inline (docs/0138)', () => {
    const entryCss = chunks.filter((c) => c.isEntry).flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
    expect(entryCss.length).toBeGreaterThan(0);
    expect(chunks.filter((c) => entryCss.some((css) => c.code.includes(css))).map((c) => c.fileName)).toEqual([]);
  });

  const modulesOf = (list: TChunk[]) => list.flatMap((c) => c.moduleIds);

  it('never ships crypto-js or the wps wire contracts, in any chunk', () => {
    expect(modulesOf(chunks).filter(isServerOnly)).toEqual([]);
    // The code itself, not only module ids: crypto-js's own error text.
    expect(chunks.filter((c) => c.code.includes('Malformed UTF-8 data')).map((c) => c.fileName)).toEqual([]);
  });

  it('keeps zod, xstate, swiper, qrcode, the EN texts, the operator console and the agent frame out of the first load', () => {
    const ids = modulesOf(initial);
    const lazyOnly = [
      /[\\/]node_modules[\\/].*[\\/]zod[\\/]/,
      /[\\/]node_modules[\\/].*[\\/]xstate[\\/]/,
      /[\\/]node_modules[\\/].*[\\/]swiper[\\/]/,
      /[\\/]node_modules[\\/].*[\\/]qrcode[\\/]/,
      /[\\/]i18n[\\/]en\.json$/,
      /[\\/]operator[\\/]operator-page\.tsx$/,
      /[\\/]agent[\\/]agent-layout\.tsx$/,
      /[\\/]member[\\/]member-page\.tsx$/,
      /[\\/]modals[\\/]login-modal\.tsx$/,
    ];
    expect(lazyOnly.flatMap((pattern) => ids.filter((id) => pattern.test(id)))).toEqual([]);
    // ...while they are still built, as chunks of their own.
    expect(modulesOf(chunks).some((id) => /[\\/]operator[\\/]operator-page\.tsx$/.test(id))).toBe(true);
  });

  it("is a handful of scripts: the entry, the boot chunk, and the boot's imports in one chunk (docs/0138)", () => {
    // Split by which lazy pages share them, the boot's imports were 19 chunks, many under 1 KB.
    expect(initial.map((c) => c.name).sort()).toEqual(['boot', 'boot-imports', 'entry-shared', 'index', 'rolldown-runtime']);
  });

  it(`stays within ${HOME_INITIAL_JS_GZIP_BUDGET} bytes gzipped`, () => {
    const gzipBytes = initial.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0);
    expect(gzipBytes, `home initial JS ${gzipBytes} bytes gzipped`).toBeLessThanOrEqual(HOME_INITIAL_JS_GZIP_BUDGET);
  });
});
