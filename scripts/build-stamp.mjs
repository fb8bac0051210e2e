// Build only when an input changed (docs/0023, docs/0061): what the web build
// (scripts/build-web.mjs) and the server bundle (scripts/build-server.mjs) share. Plain Node, no
// dependencies. A stamp file in the output folder holds a sha256 of every input's path and bytes;
// it is removed before a build and written only after the build succeeded.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Bump when the way inputs are hashed changes, so old stamps stop matching. */
const STAMP_FORMAT = 1;
const STAMP_FILE = '.build-stamp';

// Folders that are outputs, caches or installs, never build inputs.
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', '.git', '.data']);
// Test files are never bundled: editing one does not need a new build.
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
// Root files every package's build reads: the installed versions and the shared compiler options.
export const ROOT_INPUTS = ['pnpm-lock.yaml', 'tsconfig.base.json'];

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
 * The folders whose files a build of the package in `dir` reads: that folder and the workspace
 * packages it depends on at run time (`dependencies`, transitively). devDependencies are left out:
 * they are types or tests, which a build erases.
 */
export function runtimeSourceDirs(root, dir) {
  const packages = workspacePackages(root);
  const dirs = new Set();
  const visit = (d) => {
    if (dirs.has(d)) return;
    dirs.add(d);
    const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(d, 'package.json'), 'utf8'));
    for (const [name, range] of Object.entries(dependencies)) {
      if (String(range).startsWith('workspace:') && packages.has(name)) visit(packages.get(name));
    }
  };
  visit(path.join(root, dir));
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

/**
 * Every file under `dirs` but tests, outputs and installs, plus `files` (root-relative; missing ones
 * skipped): relative to root with forward slashes, sorted.
 */
export function inputFiles(root, dirs, files = []) {
  const out = dirs.flatMap((dir) => walk(dir, []));
  for (const name of files) if (fs.existsSync(path.join(root, name))) out.push(path.join(root, name));
  return out.map((f) => path.relative(root, f).split(path.sep).join('/')).sort();
}

/** Hash of every input's path and bytes, and of `extra` lines (the parts of the environment a build reads). */
export function hashInputs(root, files, extra = []) {
  const hash = createHash('sha256').update(`format ${STAMP_FORMAT}\n`);
  for (const rel of files) {
    hash
      .update(`${rel}\0`)
      .update(fs.readFileSync(path.join(root, rel)))
      .update('\0');
  }
  for (const line of extra) hash.update(`env ${line}\0`);
  return hash.digest('hex');
}

function readStamp(outDir, output) {
  try {
    // No output: it was removed or is not a whole build, whatever the stamp says.
    if (!fs.existsSync(path.join(outDir, output))) return null;
    return JSON.parse(fs.readFileSync(path.join(outDir, STAMP_FILE), 'utf8')).hash ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs `build` when `hash` differs from the stamp in `outDir`, or there is no stamp or no `output`
 * file there, then writes the stamp. The caller takes the hash before the build: a source edited
 * during it makes the next run build again. `what` and `doing` make the lines it prints ("web",
 * "building the web app"); `build` may return a promise.
 */
export async function buildIfChanged({ what, doing, outDir, output, hash, build, log }) {
  if (readStamp(outDir, output) === hash) {
    log(`${what}: build is up to date (inputs ${hash.slice(0, 12)}), not rebuilding`);
    return { built: false, hash };
  }
  log(`${what}: sources changed since the last build, or no build yet: ${doing} (inputs ${hash.slice(0, 12)})…`);
  fs.rmSync(path.join(outDir, STAMP_FILE), { force: true });
  await build();
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, STAMP_FILE), `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
  return { built: true, hash };
}
