// Builds the web app only when something its build reads changed since the last successful build
// (issue 7, docs/0023). Plain Node, no dependencies: `node scripts/build-web.mjs` (what `pnpm start`,
// `pnpm test` and `pnpm bench` run first). The stamp is web/dist/.build-stamp: a hash of every input,
// written only after a build succeeded; a build empties dist/, so a failed or partial one leaves none.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Bump when the way inputs are hashed changes, so old stamps stop matching. */
const STAMP_FORMAT = 1;
export const STAMP_FILE = '.build-stamp';

// Folders that are outputs, caches or installs, never build inputs.
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', '.git', '.data']);
// Test files are never bundled: editing one does not need a new build.
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
// Root files every package's build reads: the installed versions and the shared compiler options.
const ROOT_INPUTS = ['pnpm-lock.yaml', 'tsconfig.base.json'];

/** Workspace packages by name: every folder of the root with a package.json. */
function workspacePackages(root) {
  const byName = new Map();
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || SKIP_DIRS.has(entry.name)) continue;
    const manifest = path.join(root, entry.name, 'package.json');
    if (fs.existsSync(manifest)) byName.set(JSON.parse(fs.readFileSync(manifest, 'utf8')).name, path.join(root, entry.name));
  }
  return byName;
}

/**
 * The folders whose files go into the web bundle: web/ itself and the workspace packages it depends
 * on at run time (`dependencies`, transitively: flows, schemas). devDependencies are left out: the
 * web imports the gateway only for its router's type, which the build erases.
 */
export function webSourceDirs(root) {
  const packages = workspacePackages(root);
  const dirs = new Set();
  const visit = (dir) => {
    if (dirs.has(dir)) return;
    dirs.add(dir);
    const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const [name, range] of Object.entries(dependencies)) {
      if (String(range).startsWith('workspace:') && packages.has(name)) visit(packages.get(name));
    }
  };
  visit(path.join(root, 'web'));
  return [...dirs].sort();
}

function walk(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(full, out);
    } else if (entry.isFile() && !TEST_FILE.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/** Every file the web build reads (relative to root, sorted): sources, index.html, public/, configs, .env files, lockfile. */
export function webBuildInputs(root) {
  const files = webSourceDirs(root).flatMap((dir) => walk(dir, []));
  for (const name of ROOT_INPUTS) if (fs.existsSync(path.join(root, name))) files.push(path.join(root, name));
  return files.map((f) => path.relative(root, f).split(path.sep).join('/')).sort();
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
  const hash = createHash('sha256').update(`format ${STAMP_FORMAT}\n`);
  for (const rel of webBuildInputs(root)) {
    hash.update(`${rel}\0`).update(fs.readFileSync(path.join(root, rel))).update('\0');
  }
  for (const line of buildEnv(env)) hash.update(`env ${line}\0`);
  return hash.digest('hex');
}

function readStamp(distDir) {
  try {
    // No index.html: the output was removed or is not a whole build, whatever the stamp says.
    if (!fs.existsSync(path.join(distDir, 'index.html'))) return null;
    return JSON.parse(fs.readFileSync(path.join(distDir, STAMP_FILE), 'utf8')).hash ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs `build` when the inputs' hash differs from web/dist's stamp or there is no stamp, then writes
 * the stamp. The hash is taken before the build: a source edited during it makes the next run build again.
 */
export function buildWebIfChanged({ root, env, build, log = console.log }) {
  const distDir = path.join(root, 'web', 'dist');
  const hash = webBuildHash(root, env);
  if (readStamp(distDir) === hash) {
    log(`web: build is up to date (inputs ${hash.slice(0, 12)}), not rebuilding`);
    return { built: false, hash };
  }
  log(`web: sources changed since the last build, or no build yet: building the web app (inputs ${hash.slice(0, 12)})…`);
  build(root);
  fs.writeFileSync(path.join(distDir, STAMP_FILE), `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
  return { built: true, hash };
}

/** `pnpm --filter @wl/web build` with the pnpm that runs this script (npm_execpath), else pnpm on PATH. */
function pnpmBuild(root, env) {
  const pnpm = env.npm_execpath && /pnpm/.test(path.basename(env.npm_execpath)) ? env.npm_execpath : null;
  const [command, args] = pnpm && /\.[cm]?js$/.test(pnpm) ? [process.execPath, [pnpm]] : [pnpm ?? 'pnpm', []];
  // Warnings and errors only: the list of ~300 emitted files is noise in a first start (issue 11).
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
    buildWebIfChanged({ root, env, build: (r) => pnpmBuild(r, env) });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
