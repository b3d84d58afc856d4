import { useMutation } from '@tanstack/react-query';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field, fieldErrorId, Input, inputClasses } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { cn } from '~/lib/cn';
import { loadSchemas, preloadSchemas } from '~/lib/contract-schemas';
import { errorMessage, trpc } from '~/lib/trpc';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import type { ContactFormValues } from '@paisable/contracts';
import { CONTACT_BANNER_MS, CONTACT_MESSAGES, INQUIRY_TYPES } from '@paisable/contracts/rules';

type Values = Required<ContactFormValues>;
type FieldName = keyof Values;

const FIELD_ORDER: FieldName[] = ['name', 'email', 'inquiryType', 'subject', 'message'];
const EMPTY: Values = { name: '', email: '', inquiryType: 'general', subject: '', message: '' };

/** Props that tie a control to its Field's error text and mark it invalid while there is one. */
function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(id) } : {};
}

/**
 * The contact form. The message is stored on the server; the user sees what the original page showed: a
 * banner promising a reply within 24 hours, and an empty form again after 5 seconds.
 */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const send = useMutation(trpc.contact.send.mutationOptions({ onSuccess: () => setSent(true) }));

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => {
      setSent(false);
      setValues(EMPTY);
      send.reset();
    }, CONTACT_BANNER_MS);
    return () => clearTimeout(timer);
    // `send.reset` is stable; the timer only restarts when a new message was sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent]);

  function change(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  // The form's check loads after the page has shown (see contract-schemas.ts).
  useEffect(preloadSchemas, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Without the schemas (the network dropped) the server's own check answers instead.
    const schemas = await loadSchemas().catch(() => undefined);
    if (!schemas) return send.mutate(values);
    const parsed = schemas.contactInput.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setErrors(found);
      // Take keyboard and screen-reader users straight to the first problem, in the order of the form.
      const first = FIELD_ORDER.find((name) => found[name]);
      const control = first ? formRef.current?.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  }

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-5"
      aria-label="Contact form"
    >
      {sent ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-100"
        >
          <CircleCheck size={20} className="mt-0.5 shrink-0" aria-hidden />
          <p>{CONTACT_MESSAGES.sent}</p>
        </div>
      ) : null}
      {send.isError ? <ErrorBox>{errorMessage(send.error, CONTACT_MESSAGES.sendFailed)}</ErrorBox> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name}>
          {(id) => (
            <Input
              id={id}
              name="name"
              autoComplete="name"
              required
              value={values.name}
              onChange={(event) => change('name', event.target.value)}
              {...errorProps(id, errors.name)}
            />
          )}
        </Field>
        <Field label="Email" error={errors.email}>
          {(id) => (
            <Input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              required
              placeholder="you@email.com"
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
              {...errorProps(id, errors.email)}
            />
          )}
        </Field>
      </div>
      <Field label="Inquiry Type" error={errors.inquiryType}>
        {(id) => (
          <Select
            id={id}
            name="inquiryType"
            value={values.inquiryType}
            onChange={(event) => change('inquiryType', event.target.value)}
            {...errorProps(id, errors.inquiryType)}
          >
            {INQUIRY_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Subject" error={errors.subject}>
        {(id) => (
          <Input
            id={id}
            name="subject"
            required
            value={values.subject}
            onChange={(event) => change('subject', event.target.value)}
            {...errorProps(id, errors.subject)}
          />
        )}
      </Field>
      <Field label="Message" error={errors.message}>
        {(id) => (
          <textarea
            id={id}
            name="message"
            required
            rows={6}
            value={values.message}
            onChange={(event) => change('message', event.target.value)}
            className={cn(inputClasses, 'resize-y')}
            {...errorProps(id, errors.message)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending || sent}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
