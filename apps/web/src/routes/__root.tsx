import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '~/components/not-found';
import { useTheme } from '~/lib/theme';
import { Toaster } from 'sonner';

/**
 * Toasts open top-right (the spec) but below the sticky header (61 px: a 36 px control and 12 px padding
 * each side, plus its border), so they never hide the theme toggle, the currency picker or Logout.
 */
const BELOW_HEADER = { top: 72, right: 16 };
const BELOW_HEADER_ON_PHONE = { top: 72, right: 12, left: 12 };

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
        offset={BELOW_HEADER}
        mobileOffset={BELOW_HEADER_ON_PHONE}
        duration={5000}
        theme={theme}
        richColors
        closeButton
      />
    </>
  );
}
