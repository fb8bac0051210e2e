import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const upstream = 'http://127.0.0.1:8080';

/**
 * The entry (src/main.tsx) starts the app with a dynamic import of src/boot.tsx after the first
 * frame (docs/0022). This puts that chunk and every chunk it imports statically into index.html as
 * modulepreloads, so they download with the HTML as before; only their running waits for the paint.
 */
function preloadBoot(): Plugin {
  return {
    name: 'wl-preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = new Map(
          Object.values(ctx.bundle ?? {})
            .filter((o) => o.type === 'chunk')
            .map((c) => [c.fileName, c]),
        );
        const boot = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith('/src/boot.tsx'));
        if (!boot) throw new Error('wl-preload-boot: no chunk for src/boot.tsx');
        const files = new Set<string>();
        const walk = (name: string) => {
          if (files.has(name)) return;
          files.add(name);
          for (const next of chunks.get(name)?.imports ?? []) walk(next);
        };
        walk(boot.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/** Dev server proxies the API paths to a running gateway; the build lands in dist/ for the gateway to serve. */
export default defineConfig({
  plugins: [
    react(),
    preloadBoot(),
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
  },
});
