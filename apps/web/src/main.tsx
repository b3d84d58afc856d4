import './styles.css';

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { endSession } from './lib/session';
import { queryClient, setUnauthorizedHandler } from './lib/trpc';
import { router } from './router';

// A token refused mid-session (expired, account deleted) ends the session quietly.
setUnauthorizedHandler(() => {
  endSession(queryClient);
  void router.navigate({ to: '/login' });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
