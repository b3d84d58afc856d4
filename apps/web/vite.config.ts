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
 * so is what a page loads later on its own (the dashboard's charts, below its cards), except where that
 * is the page's first view (`FIRST_VIEW_LAZY_CODE`).
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
          for (const [page, module] of Object.entries(FIRST_VIEW_LAZY_CODE)) {
            if (route !== page) continue;
            const chunk = [...chunks.values()].find((candidate) =>
              candidate.moduleIds.some((id) => id.endsWith(module)),
            );
            if (!chunk) throw new Error(`${module}: no chunk holds it, so ${page} cannot preload it`);
            withImports(chunk.fileName, needed);
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
          `<script>${preloadScript(entry?.fileName ?? '', files, pages)}</script>\n    ${firstScriptTag}`,
        );
      },
    },
  };
}

/**
 * Lazy code that a page shows first, preloaded with the page: the Reports page opens on a bar chart, so its
 * code would otherwise start only once the page's own code had run (0.7 s later on the phone profile). Only
 * the bars: the page's other charts (features/reports/chart-chunk.ts) follow once they have arrived.
 */
const FIRST_VIEW_LAZY_CODE: Record<string, string> = {
  '_authed/_app/reports': '/src/features/reports/month-bars.tsx',
};

/**
 * The inline script: `<link rel="modulepreload">` for the files of the current path, asked for once the
 * first script has arrived. On a slow link the files share its bandwidth: asked for together, they all
 * arrived at the same moment (1.6 s on the phone profile); asked for after it, the first script arrives
 * sooner and runs while they download.
 */
function preloadScript(firstScript: string, files: string[], pages: Record<string, number[]>): string {
  return `
      // Starts this page's own code after the first script (see routeChunkPreloads in vite.config.ts).
      (function () {
        var files = ${JSON.stringify(files)};
        var pages = ${JSON.stringify(pages)};
        var firstScript = ${JSON.stringify(`/${firstScript}`)};
        var token = null;
        try {
          token = localStorage.getItem('token');
        } catch (e) {}
        var path = location.pathname.replace(/\\/+$/, '') || '/';
        var page = pages[path] || (token && pages['signed-in ' + path]) || [];
        function preload() {
          page.forEach(function (index) {
            var link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = '/' + files[index];
            document.head.appendChild(link);
          });
        }
        if (!page.length) return;
        if (!window.PerformanceObserver) return preload();
        var observer = new PerformanceObserver(function (list) {
          var arrived = list.getEntries().some(function (entry) {
            return entry.name.slice(-firstScript.length) === firstScript;
          });
          if (!arrived) return;
          observer.disconnect();
          preload();
        });
        observer.observe({ type: 'resource', buffered: true });
      })();
    `;
}

/**
 * Fewer, larger files for the lazy code. Left to itself the bundler cuts a chunk for every combination of
 * routes that share a module: the dashboard needed 22 small files after its first script, and over
 * HTTP/1.1 on a phone (6 connections, 150 ms a round trip) every wave of them costs a round trip. So:
 * - `shell`: the first script, one file instead of a dozen.
 * - `signed-in`: what only the signed-in routes reach (every page's screen, its forms and hooks). All
 *   signed-in pages come with the first one, so moving between them asks for no code.
 * - `forms`: what the sign-in, sign-up and contact pages share with them (the tRPC client, fields).
 * - `schemas`: zod and the contracts, which sign-in does not need.
 * - `icons`: every icon, one small file (the icon barrel hides which page uses which).
 * - `first-chart`: the lazy code a page opens on (`FIRST_VIEW_LAZY_CODE`: the Reports page's bars, drawn
 *   without a chart library) and what it imports, one file; the other charts' code (nivo) stays apart.
 * The other charts stay out (loaded after the cards), and so does what the landing page reaches: it
 * loads none of these files.
 */
function lazyChunkGroups() {
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'paisable:lazy-chunk-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      // Static imports and the router's split route chunks: a lazy load inside a page (the charts) stays lazy.
      const routeEdges = (id: string) => [
        ...(info(id)?.importedIds ?? []),
        ...(info(id)?.dynamicallyImportedIds.filter(isRouteChunk) ?? []),
      ];
      const firstScript = reach(
        ids.filter((id) => info(id)?.isEntry),
        (id) => info(id)?.importedIds ?? [],
      );
      const routes = ids.filter(isRouteChunk);
      const reachedBy = (pattern: RegExp) =>
        reach(
          routes.filter((id) => pattern.test(id)),
          routeEdges,
        );
      const signedIn = reachedBy(/[\\/]routes[\\/]_authed[\\/.]/);
      const forms = reachedBy(/[\\/]routes[\\/](login|register|contact)\.tsx/);
      const landing = reachedBy(/[\\/]routes[\\/](index|terms)\.tsx/);
      const firstView = Object.values(FIRST_VIEW_LAZY_CODE);
      const firstChart = reach(
        ids.filter((id) => firstView.some((module) => id.endsWith(module))),
        (id) => info(id)?.importedIds ?? [],
      );
      // zod, what uses it, and the contracts' barrel that the forms import lazily (contract-schemas.ts).
      const usesZod = (id: string) =>
        /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
        /[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/.test(id) ||
        (info(id)?.importedIds.some((imported) => /[\\/]node_modules[\\/]zod[\\/]/.test(imported)) ?? false);
      groupOf.clear();
      for (const id of ids) {
        // The first script as one file, instead of the dozen pieces the lazy chunks' imports cut it into.
        if (firstScript.has(id)) {
          groupOf.set(id, 'shell');
          continue;
        }
        // The icon barrel makes every icon look reached by every page: whichever pages use one, it goes
        // with the other icons.
        if (/[\\/]node_modules[\\/]lucide-react[\\/]/.test(id)) {
          groupOf.set(id, 'icons');
          continue;
        }
        if (firstChart.has(id) && !signedIn.has(id) && !landing.has(id)) {
          groupOf.set(id, 'first-chart');
          continue;
        }
        if (!signedIn.has(id) || landing.has(id)) continue;
        if (usesZod(id)) groupOf.set(id, 'schemas');
        else groupOf.set(id, forms.has(id) ? 'forms' : 'signed-in');
      }
    },
  };
  return { plugin, name: (id: string) => groupOf.get(id) ?? null };
}

/** Every module reached from `roots` along `next`. */
function reach(roots: string[], next: (id: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...next(id));
  }
  return seen;
}

const isRouteChunk = (id: string) => id.includes('?tsr-split=');

const lazyChunks = lazyChunkGroups();

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
    ...(isSsrBuild ? [routerInBrowserMode()] : [routeChunkPreloads(), lazyChunks.plugin]),
  ],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  // Bundled, so the router's own imports go through the plugin above.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  server: {
    host: '127.0.0.1',
    proxy: { '/trpc': apiTarget, '/api': apiTarget },
  },
  build: {
    sourcemap: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [{ name: lazyChunks.name, includeDependenciesRecursively: false }],
            },
          },
        },
  },
}));
