import { cn } from '~/lib/cn';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';

const FAQS = [
  {
    question: 'Is Paisable free to use?',
    answer:
      'Yes. Paisable is open source: use it here for free, or run it on your own server with a single command.',
  },
  {
    question: 'Is my financial data secure?',
    answer:
      'Your data stays on the server that runs Paisable and is only ever shown to you. Passwords are stored as strong one-way hashes, and receipts are private to your account.',
  },
  {
    question: 'Can I change my currency later?',
    answer:
      'Yes. Pick another display currency in Settings or in the currency menu at the top of the app. Amounts are shown in the new currency; they are not converted.',
  },
  {
    question: 'How does receipt scanning work?',
    answer:
      'Upload a photo or PDF of a receipt. Paisable reads the shop, the total and the date on its own server, with no outside service, and proposes an expense you can check.',
  },
  {
    question: 'How do I delete my account?',
    answer:
      'Open Settings and choose Delete Account in the Danger Zone. All your transactions, budgets, recurring transactions and receipts are removed at once.',
  },
  {
    question: 'How quickly will I get an answer?',
    answer: 'We reply to every message within 24 hours.',
  },
] as const;

/** Frequently asked questions; opening one closes the one that was open. */
export function FaqAccordion() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="divide-y divide-slate-200 dark:divide-slate-800">
      {FAQS.map((faq, index) => {
        const isOpen = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={faq.question}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen(isOpen ? null : index)}
                className="flex w-full items-center justify-between gap-4 rounded-lg py-4 text-left font-medium hover:text-brand-700 dark:hover:text-brand-300"
              >
                {faq.question}
                <ChevronDown
                  size={18}
                  aria-hidden
                  className={cn('shrink-0 transition-transform', isOpen && 'rotate-180')}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="pb-4 text-slate-600 dark:text-slate-300"
            >
              {faq.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
