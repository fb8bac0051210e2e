import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { liteApp } from './lite-app-plugin.ts';

const upstream = 'http://127.0.0.1:8080';

/**
 * The entry stylesheet (about 6 KB compressed) goes into index.html as a <style>: the first paint
 * then waits for the HTML alone, not for a second request (Lighthouse counted 180 ms of render
 * blocking on a phone). The CSP allows inline styles (gateway/src/edge/security-headers.ts). The
 * lazy pages' own stylesheets still load with their chunks.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'wl-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') throw new Error(`wl-inline-entry-css: no asset ${file}`);
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (css.includes('</style')) throw new Error(`wl-inline-entry-css: ${file} cannot be inlined`);
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

/**
 * Every module the boot chunk (src/boot.tsx) imports statically, however deep, goes into one chunk,
 * `boot-imports`. Each of them runs on every page's first load anyway, but split by which lazy pages
 * share them they were 19 chunks, many under 1 KB (icons, contexts): requests a phone pays for on
 * every first visit (docs/0138). A lazy page that shares one of these modules imports it from
 * `boot-imports`, which is loaded before any page. What the entry imports too (Vite's preload
 * helper) goes into a chunk of its own, `entry-shared`: in `boot-imports` the HTML's script would
 * wait for all of it before the first paint, and in the entry's chunk every chunk that preloads
 * would import the entry and so list the entry's stylesheet, which the HTML holds inline already:
 * loaded again, it was a request more and a second copy of every @font-face, left unloaded.
 */
function bootChunk(): { plugin: Plugin; groups: { name: string; test: (id: string) => boolean; priority: number }[] } {
  const closure = new Set<string>();
  const shared = new Set<string>();
  return {
    plugin: {
      name: 'wl-boot-chunk',
      apply: 'build',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const staticClosure = (roots: readonly string[]) => {
          const seen = new Set<string>();
          const pending = [...roots];
          for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
            if (seen.has(id)) continue;
            seen.add(id);
            pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
          }
          return seen;
        };
        const boot = ids.find((id) => /[\\/]web[\\/]src[\\/]boot\.tsx$/.test(id));
        if (!boot) throw new Error('wl-boot-chunk: no src/boot.tsx in the build');
        // boot.tsx itself keeps its own small chunk, which names the rest (docs/0063).
        const entry = staticClosure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
        closure.clear();
        shared.clear();
        for (const id of staticClosure(this.getModuleInfo(boot)?.importedIds ?? [])) (entry.has(id) ? shared : closure).add(id);
      },
    },
    groups: [
      { name: 'entry-shared', test: (id) => shared.has(id), priority: 2 },
      { name: 'boot-imports', test: (id) => closure.has(id), priority: 1 },
    ],
  };
}

const boot = bootChunk();

/** Dev server proxies the API paths to a running gateway; the build lands in dist/ for the gateway to serve. */
export default defineConfig({
  plugins: [
    react(),
    inlineEntryCss(),
    boot.plugin,
    liteApp(),
    // .br and .gz twins of every text file, at the strongest settings (paid once per build); the
    // gateway serves them as they are (@fastify/static preCompressed, docs/0019).
    compression({
      include: /\.(?:html|js|mjs|css|svg|json|txt)$/,
      threshold: 256,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  server: {
    // The Host header stays the dev server's: the gateway refuses tRPC calls whose Origin is not its own host.
    proxy: {
      '/trpc': { target: upstream },
      '/wps': { target: upstream },
      '/lgw': { target: upstream },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // .vite/manifest.json: the chunk graph, from which `pnpm bench` counts the first load (the HTML
    // names only the entry; the entry loads src/boot.tsx after the first paint, docs/0022).
    manifest: true,
    modulePreload: {
      // The entry's one dynamic import (src/boot.tsx) gets no preload list: the browser's module
      // loader fetches the boot chunk's static imports itself as soon as it has parsed the boot chunk.
      // Vite's helper would append one <link rel="modulepreload"> per chunk from script, ~18 of them
      // in one main-thread task right after the first paint (docs/0063). Other lazy imports keep theirs.
      resolveDependencies: (filename, deps, { hostType }) => (hostType === 'js' && /(?:^|\/)boot-[\w-]+\.js$/.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      // @trpc/client's index imports every link and the server helpers they use; these modules only
      // define functions and classes, so what the app never calls (wsLink and its WebSocket client,
      // the server's stream consumers) is dropped from the bundle (docs/0022's first-load budget).
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]@trpc[\\/](?:client|server)[\\/]dist[\\/]/.test(id) },
      // Chunk names come again in the preload list of every lazy import of the boot graph: a
      // 7-character hash (the least rolldown allows for this many chunks) instead of 8.
      output: { chunkFileNames: 'assets/[name]-[hash:7].js', codeSplitting: { groups: boot.groups } },
    },
  },
});
