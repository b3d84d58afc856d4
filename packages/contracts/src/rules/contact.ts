/** The five kinds of question the contact form offers, with the words the form shows for them. */
export const INQUIRY_TYPES = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'billing', label: 'Billing Question' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'partnership', label: 'Partnership' },
] as const;

export type InquiryType = (typeof INQUIRY_TYPES)[number]['value'];
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
