import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const upstream = 'http://127.0.0.1:8080';

/** Dev server proxies the API paths to a running gateway; the build lands in dist/ for the gateway to serve. */
export default defineConfig({
  plugins: [react()],
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
