import { z } from 'zod';

import { EMAIL_SHAPE } from './auth';

/** The five kinds of question the contact form offers, with the words the form shows for them. */
export const INQUIRY_TYPES = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'billing', label: 'Billing Question' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'partnership', label: 'Partnership' },
] as const;

export type InquiryType = (typeof INQUIRY_TYPES)[number]['value'];
const INQUIRY_TYPE_VALUES = INQUIRY_TYPES.map((type) => type.value) as [InquiryType, ...InquiryType[]];

export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_SUBJECT_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** How many messages one e-mail address or one network address may send per window: plenty for a person. */
export const CONTACT_RATE_LIMIT = { messages: 5, windowMinutes: 60 } as const;

/** How long the success banner stays before the form is cleared. */
export const CONTACT_BANNER_MS = 5000;

export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Name can be at most ${CONTACT_NAME_MAX_LENGTH} characters.`,
  emailInvalid: 'Please enter a valid email address.',
  inquiryTypeInvalid: 'Please choose one of the listed inquiry types.',
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: `Subject can be at most ${CONTACT_SUBJECT_MAX_LENGTH} characters.`,
  messageRequired: 'Please enter your message.',
  messageTooLong: `Message can be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
  tooMany: 'You have sent several messages in the last hour. Please wait a while before sending another.',
  sent: "Thank you for reaching out! We'll get back to you within 24 hours.",
  sendFailed: 'Your message could not be sent. Please try again.',
} as const;

function requiredText(required: string, tooLong: string, max: number) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

export const contactInput = z.object({
  name: requiredText(CONTACT_MESSAGES.nameRequired, CONTACT_MESSAGES.nameTooLong, CONTACT_NAME_MAX_LENGTH),
  email: z
    .string({ error: CONTACT_MESSAGES.emailInvalid })
    .trim()
    .max(CONTACT_EMAIL_MAX_LENGTH, CONTACT_MESSAGES.emailInvalid)
    .regex(EMAIL_SHAPE, CONTACT_MESSAGES.emailInvalid)
    .transform((email) => email.toLowerCase()),
  inquiryType: z.enum(INQUIRY_TYPE_VALUES, { error: CONTACT_MESSAGES.inquiryTypeInvalid }).default('general'),
  subject: requiredText(
    CONTACT_MESSAGES.subjectRequired,
    CONTACT_MESSAGES.subjectTooLong,
    CONTACT_SUBJECT_MAX_LENGTH,
  ),
  message: requiredText(
    CONTACT_MESSAGES.messageRequired,
    CONTACT_MESSAGES.messageTooLong,
    CONTACT_MESSAGE_MAX_LENGTH,
  ),
});
export type ContactInput = z.output<typeof contactInput>;
export type ContactFormValues = z.input<typeof contactInput>;
