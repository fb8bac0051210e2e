import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { REPO_ROOT } from '../env.ts';

/*
 * The crash tests start a child process per round or settler (SIGKILLed mid-work): ~35 of them in
 * CI's PostgreSQL run. Under `node --import tsx` each start cost ~1.3 s of CPU and ~2.2 s of wall
 * time in tsx's loader hooks before the first line ran; a bundle that plain Node runs costs ~0.3 s
 * and ~0.6 s (docs/0107). The bundle is the same code: esbuild's transform of the same files, the
 * workspace packages (@wl/*, TypeScript sources) inside it, every other package imported from
 * node_modules as before. esbuild is the repository root's dependency (scripts/build-server.mjs).
 */

const CACHE = path.join(REPO_ROOT, 'platform', 'node_modules', '.cache');

/** Bare imports stay imports, but for the workspace's own packages, which are TypeScript sources. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@wl/') ? undefined : { path: args.path, external: true }));
  },
};

/** Each module keeps its own `import.meta.url` (env.ts and migrate.ts find the repository by it), not the bundle's. */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

const built = new Map<string, Promise<string>>();

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** This worker's folder of bundles; those of workers that have ended (vitest ends them with a signal) go. */
function workerFolder(): string {
  fs.mkdirSync(CACHE, { recursive: true });
  for (const name of fs.readdirSync(CACHE)) {
    const pid = /^test-child-(\d+)$/.exec(name)?.[1];
    if (pid && Number(pid) !== process.pid && !alive(Number(pid))) fs.rmSync(path.join(CACHE, name), { recursive: true, force: true });
  }
  const dir = path.join(CACHE, `test-child-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The file `node` runs for the TypeScript file `file` (a crash test's child): a bundle of it made
 * once per test worker, in a folder of the worker's own inside platform/node_modules (where its
 * packages resolve), removed by the next run.
 */
export function childScript(file: string): Promise<string> {
  let out = built.get(file);
  if (!out) {
    const dir = workerFolder();
    const outfile = path.join(dir, `${path.basename(file, '.ts')}.mjs`);
    out = build({
      entryPoints: [file],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      plugins: [externalPackages, ownImportMetaUrl],
      logLevel: 'warning',
    }).then(() => outfile);
    built.set(file, out);
  }
  return out;
}
