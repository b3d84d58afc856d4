import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '~/features/landing/landing-page';
import { titled } from '~/lib/page-title';
import { loadSession } from '~/lib/session';

export const Route = createFileRoute('/')({
  head: titled('Paisable · Take control of your finances'),
  // Knowing the session first lets the header show Dashboard/Logout without a flicker.
  beforeLoad: ({ context }) => loadSession(context.queryClient),
  component: LandingPage,
});
