// Bundles the site's server (gateway/src/server.ts and the workspace TypeScript it imports: gateway,
// platform, schemas) into gateway/dist/server.js with esbuild, only when an input changed since the
// last successful bundle (docs/0061). `pnpm start` runs `node gateway/dist/server.js`:
// plain Node, without tsx's loader (its hooks thread, transformed sources and source maps: ~50 MB of
// an idle site). Installed packages are not bundled: each stays an import of the very file Node
// would load from the importing source (PGlite finds its .wasm beside itself, argon2 its binary).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfChanged, hashInputs, inputFiles, ROOT_INPUTS, runtimeSourceDirs } from './build-stamp.mjs';

export const SERVER_ENTRY = 'gateway/src/server.ts';
export const SERVER_OUT_DIR = 'gateway/dist';
export const SERVER_BUNDLE = 'server.js';
// This script holds the bundle's options: a change to it is a change to the output.
const SELF = 'scripts/build-server.mjs';
// pnpm's record of the last install: the bundle names installed files by their path in its store.
const INSTALL_STATE = 'node_modules/.modules.yaml';

/**
 * Every file the bundle is made from: the gateway and the workspace packages it runs (platform,
 * schemas), the lockfile, the base tsconfig, this script, and the install the bundle points into.
 */
export function serverBuildInputs(root) {
  return inputFiles(root, runtimeSourceDirs(root, 'gateway'), [...ROOT_INPUTS, INSTALL_STATE, SELF]);
}

/**
 * esbuild plugin. Bundled: files outside node_modules (the workspace's TypeScript). Each of those
 * sees its own `import.meta.url` as before (env.ts finds the repository root from it, migrate.ts the
 * migrations, captcha.service.ts requires svg-captcha from it). Not bundled: every installed package;
 * its import becomes a path from the bundle to the file esbuild resolved as Node does from the
 * importing source (pnpm gives each workspace package its own node_modules, which a bundle in
 * gateway/dist could not see by name).
 */
function workspaceOnly(outDir) {
  const fromBundle = (file) => {
    const rel = path.relative(outDir, file).split(path.sep).join('/');
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  const again = Symbol('resolving');
  return {
    name: 'workspace-only',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === again) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: again });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        // Node's built-in modules.
        if (resolved.external) return { path: args.path, external: true };
        if (!resolved.path.split(path.sep).includes('node_modules')) return { path: resolved.path };
        return { path: fromBundle(resolved.path), external: true };
      });
      build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        const url = `new URL(${JSON.stringify(fromBundle(args.path))}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
      });
    },
  };
}

/** One esbuild run: `entry` (root-relative) into `outDir/SERVER_BUNDLE`, with a source map beside it. */
export async function bundleServer(root, { entry = SERVER_ENTRY, outDir = path.join(root, SERVER_OUT_DIR) } = {}) {
  const { build } = await import('esbuild');
  fs.rmSync(outDir, { recursive: true, force: true });
  const { outputFiles } = await build({
    entryPoints: [path.join(root, entry)],
    outfile: path.join(outDir, SERVER_BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Resolve packages as Node does: its conditions (not esbuild's extra `module`) and `main` only.
    conditions: ['node-addons'],
    mainFields: ['main'],
    // Function and class names as in the sources (logs print error classes by name).
    keepNames: true,
    // Not minified: a stack trace names bundle lines, and each module starts with its source path
    // in a comment. The map turns them into source lines with NODE_OPTIONS=--enable-source-maps
    // (off by default: it holds every loaded file's map, ~20 MB of an idle site).
    sourcemap: 'linked',
    sourcesContent: false,
    banner: { js: `// Built by ${SELF} from ${entry}: edit the sources, not this file.` },
    logLevel: 'warning',
    plugins: [workspaceOnly(outDir)],
    write: false,
  });
  fs.mkdirSync(outDir, { recursive: true });
  for (const file of outputFiles) {
    fs.writeFileSync(file.path, file.path.endsWith('.js') ? asciiComments(file.text) : file.contents);
  }
}

/**
 * esbuild escapes every non-ASCII character of strings and regular expressions (its default ASCII
 * charset) but keeps the comments it keeps as written: a `§` or `…` there makes V8 hold the whole
 * bundle's source as two bytes a character (1.5 MB instead of 0.75). Outside strings only comments
 * can hold them, so each becomes `?` (two for a character beyond the BMP: the source map's columns
 * count UTF-16 units and stay right).
 */
export function asciiComments(code) {
  return code.replace(/[\u0080-\u{10ffff}]/gu, (c) => '?'.repeat(c.length));
}

/** Bundles the server when its inputs' hash differs from gateway/dist's stamp, or there is no bundle. */
export function buildServerIfChanged({ root, build = () => bundleServer(root), log = console.log }) {
  const hash = hashInputs(root, serverBuildInputs(root));
  return buildIfChanged({ what: 'server', doing: 'bundling the server', outDir: path.join(root, SERVER_OUT_DIR), output: SERVER_BUNDLE, hash, build, log });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const started = Date.now();
  try {
    const { built } = await buildServerIfChanged({ root });
    if (built) console.log(`server: bundled ${SERVER_ENTRY} into ${SERVER_OUT_DIR}/${SERVER_BUNDLE} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
