import { createRouter } from '@tanstack/react-router';

import { FullPageSpinner } from './components/ui/spinner';
import { queryClient } from './lib/trpc';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read through React Query, which has its own cache.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: FullPageSpinner,
  defaultPendingMs: 150,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
