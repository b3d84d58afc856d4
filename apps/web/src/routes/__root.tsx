import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '~/components/not-found';
import { useTheme } from '~/lib/theme';
import { Toaster } from 'sonner';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  const { theme } = useTheme();
  return (
    <>
      <Outlet />
      <Toaster position="top-right" duration={5000} theme={theme} richColors closeButton />
    </>
  );
}
