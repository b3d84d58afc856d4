import { createRouter, type RouterHistory } from '@tanstack/react-router';

import { PageError } from './components/page-error';
import { FullPageSpinner } from './components/ui/spinner';
import { queryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';

/**
 * The app's router. The build's prerender step passes a memory history for each public page; there the
 * scroll restoration is off, as its inline script is no part of the page the browser renders.
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Without a window (the prerender), the origin links are resolved against.
    ...(history ? { history, origin: 'http://localhost' } : {}),
    defaultPreload: 'intent',
    // Loaders read through React Query, which has its own cache.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageSpinner,
    defaultErrorComponent: PageError,
    defaultPendingMs: 150,
    // Once the spinner shows, the page replaces it as soon as it is ready. The router's default holds the
    // spinner at least 500 ms, and a cold start on a phone (the route's code and data take more than
    // 150 ms to be ready) paid up to that much with everything already there.
    defaultPendingMinMs: 0,
    scrollRestoration: !history,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
