import type { FastifyRequest } from 'fastify';

import type { Client } from '../lib/authenticate';

/** The client's address (see trustProxy in app.ts) and browser: counted by sign-in limits, shown in sessions. */
export function clientOf(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
