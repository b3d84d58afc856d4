import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';

import { queryClient } from './lib/query-client';
import type { createAppRouter } from './router';

/** The whole app around a router: the same tree in the browser and in the build's prerender step. */
export function App({
  router,
  onAttached,
}: {
  router: ReturnType<typeof createAppRouter>;
  /** Called once React has attached to the page (after hydration), before it is marked ready. */
  onAttached?: () => void;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ReadyMark onAttached={onAttached} />
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * Marks the page interactive (`<html data-ready>`) once React has attached: a prerendered form shows
 * before that (what is typed into it then is replayed into the form's state by `onAttached`).
 * Browser tests wait for the mark.
 */
function ReadyMark({ onAttached }: { onAttached?: () => void }) {
  useEffect(() => {
    // In a task of its own: inside React's commit, React would not attach at once to the part of the
    // page a replayed field is in (it hydrates suspense boundaries in later passes).
    const timer = setTimeout(() => {
      onAttached?.();
      document.documentElement.dataset.ready = 'true';
    });
    return () => clearTimeout(timer);
  }, [onAttached]);
  return null;
}
