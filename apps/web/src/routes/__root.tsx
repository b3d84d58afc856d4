import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '~/components/not-found';
import { useTheme } from '~/lib/theme';
import { Toaster } from 'sonner';

/**
 * Toasts open top-right (the spec) but below the sticky header (61 px: a 36 px control and 12 px padding
 * each side, plus its border) and below the page's title row (32 px of padding and a 40 px button), so
 * they never hide the theme toggle, the currency picker, Logout, or the page's own action: after "Expense
 * added" the next "Add Transaction" is one click away, not under a toast that stays while hovered.
 */
const BELOW_TITLE_ROW = { top: 144, right: 16 };
const BELOW_TITLE_ROW_ON_PHONE = { top: 144, right: 12, left: 12 };

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  const { theme } = useTheme();
  return (
    <>
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
