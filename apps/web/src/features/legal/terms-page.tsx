import { Link } from '@tanstack/react-router';
import { Card } from '~/components/ui/card';
import { SiteFooter } from '~/features/landing/site-footer';
import { SiteHeader } from '~/features/landing/site-header';
import type { ReactNode } from 'react';

/**
 * Terms & Privacy Policy, in plain words for a self-hosted app: whoever runs the server holds the data,
 * nothing leaves it, and deleting the account erases it. Linked from the sign-up form.
 */
export function TermsPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
        <h1 className="text-3xl font-bold sm:text-4xl">Terms &amp; Privacy Policy</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          Paisable is open-source software that you, or someone you trust, run on your own server. There is no
          Paisable company in between: this page says what the software does with your data.
        </p>
        <Card className="mt-8 space-y-8 p-6 sm:p-8">
          <Section title="Where your data stays">
            <p>
              Everything you enter is stored in the database and the files folder of the server this app runs
              on, and nowhere else. The app sends nothing to us or to any third party: no analytics, no
              advertising, no tracking. Receipts are read on the same server, without an online service.
            </p>
            <p>
              Whoever operates the server can read what is stored on it and is responsible for its backups and
              security. Use a server you run yourself or one whose operator you trust.
            </p>
          </Section>
          <Section title="What is stored">
            <ul className="list-disc space-y-1 pl-5">
              <li>
                Your e-mail address and your password as a one-way hash (the password itself is never kept).
              </li>
              <li>
                Your preferences: display currency, time zone and theme (the theme only in your browser).
              </li>
              <li>
                What you record: transactions, categories, budgets, recurring transactions, and the receipt
                files you upload with what was read from them.
              </li>
              <li>Messages you send from the contact page.</li>
              <li>A sign-in token kept in your browser until you log out.</li>
            </ul>
          </Section>
          <Section title="Deleting your data">
            <p>
              Settings → Danger Zone → Delete Account erases your account and everything listed above, receipt
              files included, at once. It cannot be undone, so export your transactions to CSV first if you
              want to keep them. Backups the operator made earlier are theirs to remove.
            </p>
          </Section>
          <Section title="Terms of use">
            <p>
              The software is provided as is, without warranty, under its open-source licence. It helps you
              keep track of your money; it is not financial advice. Keep your password to yourself, and use
              the app only with data you are allowed to store.
            </p>
          </Section>
          <p className="border-t border-slate-200 pt-6 text-sm dark:border-slate-800">
            Questions?{' '}
            <Link
              to="/contact"
              className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
            >
              Contact us
            </Link>
            .
          </p>
        </Card>
      </main>
      <SiteFooter />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 text-slate-700 dark:text-slate-300">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}
