import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { NotFound } from '~/components/not-found';
import { titleOfMatches } from '~/lib/page-title';
import { useTheme } from '~/lib/theme';
import { useEffect } from 'react';
import { Toaster } from 'sonner';

/**
 * Toasts open top-right (the spec) but below the sticky header and below the page's title row, so they
 * never hide the theme toggle, the currency picker, Logout, or the page's own actions: after "Expense
 * added" the next "Add Transaction" is one click away, not under a toast that stays while hovered. The
 * page's `TitleRow` says where its bottom is (`--toasts-top`; its actions wrap onto more lines on a
 * phone); 144 px fits a one-line row (61 px header, 32 px padding, a 40 px button) on pages without one.
 */
const TOASTS_TOP = 'var(--toasts-top, 144px)';
const BELOW_TITLE_ROW = { top: TOASTS_TOP, right: 16 };
const BELOW_TITLE_ROW_ON_PHONE = { top: TOASTS_TOP, right: 12, left: 12 };

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
      <Toaster
        position="top-right"
        offset={BELOW_TITLE_ROW}
        mobileOffset={BELOW_TITLE_ROW_ON_PHONE}
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
