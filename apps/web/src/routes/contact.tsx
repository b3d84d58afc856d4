import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '~/features/contact/contact-page';
import { pageTitle, titled } from '~/lib/page-title';
import { loadSession } from '~/lib/session';

export const Route = createFileRoute('/contact')({
  head: titled(pageTitle('Contact')),
  // The header shows Dashboard/Logout for a signed-in visitor, as on the landing page.
  beforeLoad: ({ context }) => loadSession(context.queryClient),
  component: ContactPage,
});
