import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

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

/**
 * A page's own code (its route chunks, split off by the router plugin, and what they import) is only
 * asked for once the first script has run and the router has matched the URL: on a slow phone seconds
 * after the HTML. This writes into the page's head a small inline script that starts those files with
 * the HTML instead (`<link rel="modulepreload">` for the current path), in parallel with the first
 * script and the early data. Files of the first script are left out (the HTML names them already), and
 * so is what a page loads later on its own (the dashboard's charts).
 */
function routeChunkPreloads(): Plugin {
  return {
    name: 'paisable:route-chunk-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = new Map<string, Rollup.OutputChunk>();
        for (const output of Object.values(bundle))
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        const withImports = (fileName: string, into = new Set<string>()): Set<string> => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, into);
          return into;
        };
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const firstScript = entry ? withImports(entry.fileName) : new Set<string>();
        // Route file (`_authed/_app/dashboard`) → the chunks the router splits off it.
        const routeChunks = new Map<string, string[]>();
        for (const chunk of chunks.values()) {
          for (const id of chunk.moduleIds) {
            const route = /\/src\/routes\/(.+)\.tsx\?tsr-split=/.exec(id)?.[1];
            if (route) routeChunks.set(route, [...(routeChunks.get(route) ?? []), chunk.fileName]);
          }
        }
        // Each file once, pages by index: the same shared chunks recur on most pages.
        const files: string[] = [];
        const indexOf = (file: string) => {
          if (!files.includes(file)) files.push(file);
          return files.indexOf(file);
        };
        const pages: Record<string, number[]> = {};
        const routes = [...routeChunks.keys()];
        for (const route of routes) {
          const url = urlOfRoute(route);
          const isLayout = routes.some((other) => other.startsWith(`${route}/`));
          if (url === undefined || isLayout) continue;
          // The page's own route and the layouts around it (`_authed`, `_authed/_app`).
          const segments = route.split('/');
          const needed = new Set<string>();
          for (let depth = 1; depth <= segments.length; depth++) {
            for (const chunk of routeChunks.get(segments.slice(0, depth).join('/')) ?? [])
              withImports(chunk, needed);
          }
          // A signed-in page's code is only started when a session is stored (else it goes to /login).
          const key = route.startsWith('_authed/') ? `signed-in ${url}` : url;
          pages[key] = [...needed].filter((file) => !firstScript.has(file)).map(indexOf);
        }
        // Before the first script's tag: an inline script after the stylesheet would wait for it.
        const firstScriptTag = '<script type="module"';
        if (!html.includes(firstScriptTag)) throw new Error('index.html has no module script');
        return html.replace(
          firstScriptTag,
          `<script>${preloadScript(files, pages)}</script>\n    ${firstScriptTag}`,
        );
      },
    },
  };
}

/** The inline script: `<link rel="modulepreload">` for the files of the current path. */
function preloadScript(files: string[], pages: Record<string, number[]>): string {
  return `
      // Starts this page's own code with the HTML (see routeChunkPreloads in vite.config.ts).
      (function () {
        var files = ${JSON.stringify(files)};
        var pages = ${JSON.stringify(pages)};
        var token = null;
        try {
          token = localStorage.getItem('token');
        } catch (e) {}
        var path = location.pathname.replace(/\\/+$/, '') || '/';
        var page = pages[path] || (token && pages['signed-in ' + path]) || [];
        page.forEach(function (index) {
          var link = document.createElement('link');
          link.rel = 'modulepreload';
          link.crossOrigin = '';
          link.href = '/' + files[index];
          document.head.appendChild(link);
        });
      })();
    `;
}

/** `_authed/_app/dashboard` → `/dashboard`, `index` → `/`; undefined for a path with a parameter. */
function urlOfRoute(route: string): string | undefined {
  if (route.includes('$')) return undefined;
  const segments = route
    .split('/')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => segment.replace(/_$/, ''));
  return `/${segments.join('/')}`;
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
    ...(isSsrBuild ? [routerInBrowserMode()] : [routeChunkPreloads()]),
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
