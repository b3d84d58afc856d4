import { describe, expect, it } from 'vitest';

import { CONTACT_MESSAGES, contactInput } from './contact';

const valid = {
  name: 'Asha',
  email: 'Asha@Mail.dev',
  inquiryType: 'billing',
  subject: 'Invoice',
  message: 'Where is my invoice?',
};

function problem(value: object) {
  const result = contactInput.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
}

describe('contactInput', () => {
  it('accepts a complete message, trims it and lower-cases the e-mail', () => {
    expect(contactInput.parse({ ...valid, name: '  Asha ' })).toEqual({
      ...valid,
      name: 'Asha',
      email: 'asha@mail.dev',
    });
  });

  it('uses the general inquiry type when none is given', () => {
    const { inquiryType: _omitted, ...rest } = valid;
    expect(contactInput.parse(rest).inquiryType).toBe('general');
  });

  it.each([
    [{ name: '   ' }, CONTACT_MESSAGES.nameRequired],
    [{ email: 'not-an-address' }, CONTACT_MESSAGES.emailInvalid],
    [{ email: 'a b@mail.dev' }, CONTACT_MESSAGES.emailInvalid],
    [{ inquiryType: 'complaint' }, CONTACT_MESSAGES.inquiryTypeInvalid],
    [{ subject: '' }, CONTACT_MESSAGES.subjectRequired],
    [{ message: undefined }, CONTACT_MESSAGES.messageRequired],
    [{ message: 'x'.repeat(5001) }, CONTACT_MESSAGES.messageTooLong],
    [{ subject: { $gt: '' } }, CONTACT_MESSAGES.subjectRequired],
  ])('refuses %o with a clear message', (change, message) => {
    expect(problem({ ...valid, ...change })).toBe(message);
  });
});
