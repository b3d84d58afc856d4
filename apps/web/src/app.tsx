import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';

import { queryClient } from './lib/query-client';
import type { createAppRouter } from './router';

/** The whole app around a router: the same tree in the browser and in the build's prerender step. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ReadyMark />
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * Marks the page interactive (`<html data-ready>`) once React has attached: a prerendered form shows
 * before that, and text typed into it before hydration is reset by it. Browser tests wait for the mark.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}
