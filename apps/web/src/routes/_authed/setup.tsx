import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { Brand } from '~/components/brand';
import { ThemeToggle } from '~/components/theme-toggle';
import { Card } from '~/components/ui/card';
import { CurrencySetupForm } from '~/features/setup/currency-setup-form';
import { pageTitle, titled } from '~/lib/page-title';
import { meQuery } from '~/lib/session';

export const Route = createFileRoute('/_authed/setup')({
  head: titled(pageTitle('Welcome')),
  // The welcome wizard is for a new account; a user who finished it goes to the app.
  beforeLoad: ({ context }) => {
    if (context.user.isSetupComplete) throw redirect({ to: '/dashboard', replace: true });
  },
  component: SetupPage,
});

function SetupPage() {
  const { data: user } = useSuspenseQuery(meQuery());
  return (
    <div className="min-h-screen">
      <div className="mx-auto flex max-w-3xl items-center justify-between p-4">
        <Brand />
        <ThemeToggle />
      </div>
      <main className="mx-auto max-w-3xl px-4 pb-16">
        <Card className="p-6 sm:p-10">
          <CurrencySetupForm user={user} />
        </Card>
      </main>
    </div>
  );
}
