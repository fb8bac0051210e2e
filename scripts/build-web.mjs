// Builds the web app only when something its build reads changed since the last successful build
// (docs/0023). Plain Node, no dependencies: `node scripts/build-web.mjs` (what `pnpm start`,
// `pnpm test` and `pnpm bench` run first). The stamp is web/dist/.build-stamp: a hash of every input,
// written only after a build succeeded; a build empties dist/, so a failed or partial one leaves none.
// The stamp code is shared with the server's bundle (scripts/build-stamp.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfChanged, hashInputs, inputFiles, ROOT_INPUTS, runtimeSourceDirs } from './build-stamp.mjs';

/**
 * The folders whose files go into the web bundle: web/ itself and the workspace packages it depends
 * on at run time (`dependencies`, transitively: flows, schemas). devDependencies are left out: the
 * web imports the gateway only for its router's type, which the build erases.
 */
export function webSourceDirs(root) {
  return runtimeSourceDirs(root, 'web');
}

/** Every file the web build reads (relative to root, sorted): sources, index.html, public/, configs, .env files, lockfile. */
export function webBuildInputs(root) {
  return inputFiles(root, webSourceDirs(root), ROOT_INPUTS);
}

/** The part of the environment Vite builds with: VITE_* variables (inlined) and NODE_ENV (the mode of React's build). */
export function buildEnv(env) {
  return Object.keys(env)
    .filter((k) => k.startsWith('VITE_') || k === 'NODE_ENV')
    .sort()
    .map((k) => `${k}=${env[k]}`);
}

/** Hash of every input's path and bytes, and of the build's environment. */
export function webBuildHash(root, env) {
  return hashInputs(root, webBuildInputs(root), buildEnv(env));
}

/**
 * Runs `build` when the inputs' hash differs from web/dist's stamp or there is no stamp (or no
 * index.html), then writes the stamp. The hash is taken before the build: a source edited during
 * it makes the next run build again.
 */
export function buildWebIfChanged({ root, env, build, log = console.log }) {
  const hash = webBuildHash(root, env);
  return buildIfChanged({
    what: 'web',
    doing: 'building the web app',
    outDir: path.join(root, 'web', 'dist'),
    output: 'index.html',
    hash,
    build: () => build(root),
    log,
  });
}

/** `pnpm --filter @wl/web build` with the pnpm that runs this script (npm_execpath), else pnpm on PATH. */
function pnpmBuild(root, env) {
  const pnpm = env.npm_execpath && /pnpm/.test(path.basename(env.npm_execpath)) ? env.npm_execpath : null;
  const [command, args] = pnpm && /\.[cm]?js$/.test(pnpm) ? [process.execPath, [pnpm]] : [pnpm ?? 'pnpm', []];
  // Warnings and errors only: the list of ~300 emitted files is noise in a first start (docs/0061).
  const started = Date.now();
  const result = spawnSync(command, [...args, '--silent', '--filter', '@wl/web', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`web build failed (${result.error?.message ?? `exit ${result.status}`})`);
  console.log(`web: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  // A script of its own, outside the packages' env.ts: the build's environment is what it hashes.
  const env = process.env;
  try {
    await buildWebIfChanged({ root, env, build: (r) => pnpmBuild(r, env) });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
