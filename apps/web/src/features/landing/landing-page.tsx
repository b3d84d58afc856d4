import { Link } from '@tanstack/react-router';
import { buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { useCurrentUser } from '~/lib/session';
import { ChartPie, ScanLine, Tags } from 'lucide-react';

import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const FEATURES = [
  {
    icon: ChartPie,
    title: 'See where your money goes',
    text: 'Charts of your spending by category and over time, and your balance at a glance.',
  },
  {
    icon: ScanLine,
    title: 'Scan your receipts',
    text: 'Upload a photo or PDF of a receipt and Paisable reads the shop, total and date into an expense.',
  },
  {
    icon: Tags,
    title: 'Your own categories',
    text: 'Start with sensible categories for income and expenses, and add the ones that fit your life.',
  },
] as const;

export function LandingPage() {
  const user = useCurrentUser();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="flex-1">
        <section className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">
            Take Control of <span className="text-brand-700 dark:text-brand-400">Your Finances</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            Start managing your finances today
          </p>
          <p className="mx-auto mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
            Record income and expenses, set monthly budgets, automate recurring payments and export everything
            to CSV, on a server you own.
          </p>
          <div className="mt-10 flex justify-center">
            {user ? (
              <Link to="/dashboard" className={buttonClasses('primary', 'lg')}>
                Go to Dashboard
              </Link>
            ) : (
              <Link to="/register" className={buttonClasses('primary', 'lg')} data-visitor-only>
                Get Started for Free
              </Link>
            )}
          </div>
        </section>
        <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 pb-24">
          <h2 id="features" className="sr-only">
            Features
          </h2>
          <div className="grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Card key={title} className="p-6 transition-shadow hover:shadow-md">
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-400/15 dark:text-brand-300">
                  <Icon size={22} aria-hidden />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-400">{text}</p>
              </Card>
            ))}
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
