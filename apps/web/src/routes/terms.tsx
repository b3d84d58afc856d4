import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '~/features/legal/terms-page';
import { pageTitle, titled } from '~/lib/page-title';
import { loadSession } from '~/lib/session';

export const Route = createFileRoute('/terms')({
  head: titled(pageTitle('Terms of Service')),
  // The header shows Dashboard/Logout for a signed-in visitor, as on the landing page.
  beforeLoad: ({ context }) => loadSession(context.queryClient),
  component: TermsPage,
});
