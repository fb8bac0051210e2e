#!/usr/bin/env node
// The platform's import graph, read the way platform/src/README.md layers it: prints every import
// circle (strongly connected files, type-only imports included, since a circle of types still ties
// two areas together) and every import that runs "up the layers" (one area reaching into another
// area's service or queries instead of the kernel). Exit code 1 when a circle remains.
// Usage: node scripts/platform-imports.mjs [--quiet]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../platform/src');
const quiet = process.argv.includes('--quiet');

/**
 * Layers, lowest first (platform/src/README.md): a file may import its own folder and any lower
 * layer. Layer 0 is the kernel; 'wallet/ledger.service.ts' belongs to it wherever it lives.
 */
const LAYERS = [
  ['http', 'db', 'audit', 'access', 'kernel', 'jobs', 'test-support'],
  ['system', 'catalogue', 'assets', 'content', 'verification', 'wallet'],
  ['session'],
  ['rewards'],
  ['bonus'],
  ['promo', 'referral'],
  ['member', 'account', 'security-centre', 'protection', 'profile'],
  ['deposit', 'withdraw', 'transfer', 'records', 'games'],
  ['agent', 'operator', 'promotions'],
];
const KERNEL_FILES = new Set(['wallet/ledger.service.ts']);

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|(?:^|\n)\s*import\s+'(\.[^']+)'/g;

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => resolve(dirname(file), m[1] ?? m[2]));
}

/** Tarjan's strongly connected components: every component with more than one file is a circle. */
function circles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low !== meta.get(v).index) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component);
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return found;
}

/** The top folder of a file under src/ ('' for app.ts and friends, which wire everything). */
const areaOf = (file) => {
  const parts = relative(root, file).split('/');
  return parts.length > 1 ? parts[0] : '';
};

/** Files that wire areas together (they register every area's routes or jobs), like app.ts. */
const WIRING = new Set(['jobs/platform-jobs.ts', 'jobs/sweep.job.ts']);

const layerOf = (file) => (KERNEL_FILES.has(relative(root, file)) ? 0 : LAYERS.findIndex((l) => l.includes(areaOf(file))));

/**
 * An import that is not downwards: a file of one area reaching into another area's rules or SQL
 * on its own layer or above. app.ts, seed and merchant wire everything and are not counted, nor is
 * test-support, whose fixtures set up every area's rows for the tests.
 */
function upLayer(from, to) {
  const a = areaOf(from);
  if (a === '' || a === areaOf(to) || a === 'seed' || a === 'merchant' || a === 'test-support' || WIRING.has(relative(root, from))) return false;
  if (layerOf(to) === 0 || layerOf(to) < layerOf(from)) return false;
  return true;
}

const files = listFiles(root);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const rel = (f) => relative(root, f);
const found = circles(graph);
const ups = [...graph].flatMap(([from, tos]) => tos.filter((to) => upLayer(from, to)).map((to) => [from, to]));

console.log(`${found.length} import circle(s)`);
for (const c of found) console.log(`  ${c.map(rel).sort().join(' <-> ')}`);
console.log(`${ups.length} import(s) up the layers (an area reaching into another area's service/queries)`);
if (!quiet) for (const [from, to] of ups) console.log(`  ${rel(from)} -> ${rel(to)}`);
process.exitCode = found.length > 0 ? 1 : 0;
