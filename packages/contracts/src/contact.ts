import { z } from 'zod';

import { EMAIL_SHAPE } from './rules/auth';
import {
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  INQUIRY_TYPES,
  type InquiryType,
} from './rules/contact';

export {
  CONTACT_BANNER_MS,
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_RATE_LIMIT,
  CONTACT_SUBJECT_MAX_LENGTH,
  INQUIRY_TYPES,
  type InquiryType,
} from './rules/contact';

const INQUIRY_TYPE_VALUES = INQUIRY_TYPES.map((type) => type.value) as [InquiryType, ...InquiryType[]];

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
