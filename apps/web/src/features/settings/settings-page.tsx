import { Card } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { formatDate, todayIn } from '~/lib/format';
import type { ReactNode } from 'react';

import type { User } from '@paisable/contracts';

import { PayeeRulesSection } from '../payees/payee-rules-section';
import { PayeesSection } from '../payees/payees-section';
import { AccountDataSection } from './account-data-section';
import { ChangePassword } from './change-password-dialog';
import { DangerZone } from './danger-zone';
import { PreferencesForm } from './preferences-form';
import { RatesSection } from './rates-section';
import { SessionsSection } from './sessions-section';
import { TagsSection } from './tags-section';
import { TwoFactorSection } from './two-factor-section';

function Section({
  title,
  children,
  tone = 'plain',
}: {
  title: string;
  children: ReactNode;
  tone?: 'plain' | 'danger';
}) {
  const headingId = `settings-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Card
      className={cn('p-6', tone === 'danger' && 'border-red-300 dark:border-red-900')}
      role="region"
      aria-labelledby={headingId}
    >
      <h2
        id={headingId}
        className={cn('mb-4 text-lg font-semibold', tone === 'danger' && 'text-red-700 dark:text-red-300')}
      >
        {title}
      </h2>
      {children}
    </Card>
  );
}

export function SettingsPage({ user }: { user: User }) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <Section title="Account">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Email</dt>
            <dd className="mt-1 font-medium break-all">{user.email}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Member since</dt>
            <dd className="mt-1 font-medium">
              {formatDate(todayIn(user.timeZone, new Date(user.createdAt)))}
            </dd>
          </div>
        </dl>
      </Section>
      <Section title="Preferences">
        {/* A change made elsewhere (the currency menu) starts the form afresh from the saved values. */}
        <PreferencesForm key={`${user.defaultCurrency}|${user.timeZone}`} user={user} />
      </Section>
      <Section title="Exchange rates">
        <RatesSection />
      </Section>
      <Section title="Tags">
        <TagsSection />
      </Section>
      <Section title="Payees">
        <PayeesSection />
      </Section>
      <Section title="Payee rules">
        <PayeeRulesSection />
      </Section>
      <Section title="Password">
        <ChangePassword />
      </Section>
      <Section title="Two-factor sign-in">
        <TwoFactorSection />
      </Section>
      <Section title="Where you are signed in">
        <SessionsSection />
      </Section>
      <Section title="Your data">
        <AccountDataSection />
      </Section>
      <Section title="Danger Zone" tone="danger">
        <DangerZone />
      </Section>
    </div>
  );
}
