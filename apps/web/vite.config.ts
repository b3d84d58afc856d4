import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * The prerender build (`vite build --ssr src/prerender.tsx`) renders the router as the browser will on
 * its first render: the router's server mode adds boundaries and scripts of its own (for a full
 * server-rendering setup), which would not match the browser's tree and would undo hydration.
 */
function routerInBrowserMode(): Plugin {
  const id = '\0router-core-is-server';
  return {
    name: 'paisable:router-in-browser-mode',
    enforce: 'pre',
    resolveId: (source) => (source === '@tanstack/router-core/isServer' ? id : undefined),
    load: (source) =>
      source === id ? 'export const isServer = false;\nexport const loadServerRoute = undefined;' : undefined,
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its screen: the first script of every page then holds only the
      // route tree, not the loaders' API client and page modules.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [routerInBrowserMode()] : []),
  ],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  // Bundled, so the router's own imports go through the plugin above.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  server: {
    host: '127.0.0.1',
    proxy: { '/trpc': apiTarget, '/api': apiTarget },
  },
  build: { sourcemap: !isSsrBuild },
}));
