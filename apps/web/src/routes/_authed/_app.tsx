import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppNav } from '~/components/app-nav';
import { OfflineBanner } from '~/components/offline-banner';
import { QueuedProblems } from '~/components/queued-problems';
import { preloadSchemas } from '~/lib/contract-schemas';
import { useEffect } from 'react';

/** The app pages: a signed-in user who has finished setup, under the shared navigation. */
export const Route = createFileRoute('/_authed/_app')({
  beforeLoad: ({ context }) => {
    if (!context.user.isSetupComplete) throw redirect({ to: '/setup' });
  },
  component: AppShell,
});

function AppShell() {
  // The forms' checks load after the page has shown its data (see contract-schemas.ts).
  useEffect(preloadSchemas, []);
  return (
    <>
      <AppNav />
      <OfflineBanner />
      <QueuedProblems />
      <main className="mx-auto max-w-7xl px-4 py-8">
        <Outlet />
      </main>
    </>
  );
}
