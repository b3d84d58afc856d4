import { createFileRoute } from '@tanstack/react-router';

import { PagePlaceholder } from '~/components/page-placeholder';
import { SiteFooter } from '~/features/landing/site-footer';
import { SiteHeader } from '~/features/landing/site-header';

export const Route = createFileRoute('/contact')({
  component: ContactPage,
});

function ContactPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
        <PagePlaceholder
          title="Contact Us"
          description="A contact form and answers to common questions are on their way. Meanwhile, write to support@paisable.com."
        />
      </main>
      <SiteFooter />
    </div>
  );
}
