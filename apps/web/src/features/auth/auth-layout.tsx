import { Brand } from '~/components/brand';
import { ThemeToggle } from '~/components/theme-toggle';
import { Card } from '~/components/ui/card';
import type { ReactNode } from 'react';

/** The centred card of the login and register pages, under the brand title that links home. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <div className="flex justify-end p-4">
        <ThemeToggle />
      </div>
      <main className="flex flex-1 flex-col items-center px-4 pb-16">
        <Brand className="mb-6 text-2xl" />
        <Card className="w-full max-w-md p-6 sm:p-8">
          <h1 className="text-2xl font-bold">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </Card>
      </main>
    </div>
  );
}
