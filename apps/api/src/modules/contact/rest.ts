import { contactInput } from '@paisable/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppDeps } from '../../deps';
import { parseInput } from '../../lib/errors';
import { bodyOf } from '../../rest/legacy';
import { optionalUserId } from '../auth/service';
import { sendContactMessage } from './service';

/** POST /api/contact: the original page only logged the form; here it is stored. 201 `{ _id, message }`. */
export function registerContactRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post('/contact', async (request, reply) => {
    const input = parseInput(contactInput, bodyOf(request));
    const userId = await optionalUserId(deps, request.headers.authorization);
    const { id, message } = await sendContactMessage(deps, input, {
      userId,
      client: { ip: request.ip },
    });
    return reply.status(201).send({ _id: id, message });
  });
}
