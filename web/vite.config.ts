import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const upstream = 'http://127.0.0.1:8080';

/** Dev server proxies the API paths to a running gateway; the build lands in dist/ for the gateway to serve. */
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/trpc': { target: upstream, changeOrigin: true },
      '/wps': { target: upstream, changeOrigin: true },
      '/lgw': { target: upstream, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
});
