import type { User } from '@paisable/contracts';
import type { FastifyRequest } from 'fastify';

import type { AppDeps } from '../deps';
import { authenticate } from '../modules/auth/service';

/** The body as the original server saw it: a missing body reads as an empty object. */
export function bodyOf(request: FastifyRequest): unknown {
  return request.body ?? {};
}

export async function requireUser(deps: AppDeps, request: FastifyRequest) {
  return authenticate(deps, request.headers.authorization);
}

/** The original API's user document: `_id` instead of `id`. */
export function toLegacyUser(user: User) {
  return {
    _id: user.id,
    email: user.email,
    defaultCurrency: user.defaultCurrency,
    isSetupComplete: user.isSetupComplete,
    timeZone: user.timeZone,
    createdAt: user.createdAt,
  };
}
