import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  server: {
    host: '127.0.0.1',
    proxy: { '/trpc': apiTarget, '/api': apiTarget },
  },
  build: { sourcemap: true },
});
