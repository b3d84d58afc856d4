import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The service worker, built after the app (`vite build -c vite.sw.config.ts`) into dist/sw.js: one classic
 * script at the site's root (its scope is the whole app), under a fixed name the browser checks for
 * updates. scripts/precache-manifest.mjs then writes the list of the app's files into it.
 */
export default defineConfig({
  publicDir: false,
  // Workbox keeps its development logging behind this; lib mode leaves `process.env` as written.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    minify: true,
    lib: {
      entry: path.resolve(import.meta.dirname, 'sw/service-worker.ts'),
      formats: ['iife'],
      name: 'paisableServiceWorker',
      fileName: () => 'sw.js',
    },
  },
});
