import { Card } from '~/components/ui/card';
import { SiteFooter } from '~/features/landing/site-footer';
import { SiteHeader } from '~/features/landing/site-header';
import { Mail } from 'lucide-react';

import { ContactForm } from './contact-form';
import { FaqAccordion } from './faq-accordion';

export function ContactPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-12">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold sm:text-4xl">Contact Us</h1>
          <p className="mt-3 text-slate-600 dark:text-slate-300">
            Questions, ideas or trouble with your account? Send us a message and we will get back to you
            within 24 hours.
          </p>
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-5">
          <Card className="p-6 sm:p-8 lg:col-span-3">
            <h2 className="mb-6 text-xl font-semibold">Send us a message</h2>
            <ContactForm />
          </Card>
          <div className="space-y-8 lg:col-span-2">
            <Card className="p-6 sm:p-8">
              <h2 className="text-xl font-semibold">Frequently Asked Questions</h2>
              <div className="mt-2">
                <FaqAccordion />
              </div>
            </Card>
            <Card className="flex items-start gap-3 p-6">
              <Mail size={20} className="mt-0.5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Prefer e-mail? Write to{' '}
                <a
                  href="mailto:support@paisable.com"
                  className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                >
                  support@paisable.com
                </a>
                .
              </p>
            </Card>
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
