import { z } from 'zod';

import { CONTACT_RATE_LIMIT, contactInput } from '@paisable/contracts';

import { defineRoute } from '../../rest/route';
import { sendContactMessage } from './service';

/** POST /api/contact: the original page only logged the form; here it is stored. 201 `{ _id, message }`. */
export const contactRoutes = [
  defineRoute({
    method: 'post',
    path: '/contact',
    tag: 'Contact',
    summary: 'Send a message to the people running this Paisable',
    description: 'With a valid token the message is linked to your account; without one it is anonymous.',
    auth: 'optional',
    body: contactInput,
    responses: {
      201: {
        description: 'Stored.',
        schema: z.object({ _id: z.string(), message: z.string().describe('The thank-you text to show.') }),
      },
    },
    errors: {
      429:
        `More than ${CONTACT_RATE_LIMIT.messages} messages from this e-mail address or network address ` +
        `in one ${CONTACT_RATE_LIMIT.windowMinutes}-minute window; the Retry-After header says how many ` +
        'seconds to wait.',
    },
    handle: async ({ deps, user, body, request }) => {
      const { id, message } = await sendContactMessage(deps, {
        ...body,
        userId: user?.id,
        client: { ip: request.ip },
      });
      return { _id: id, message };
    },
  }),
];
