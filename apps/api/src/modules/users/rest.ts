import { ACCOUNT_MESSAGES } from '@paisable/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppDeps } from '../../deps';
import { requireUser } from '../../rest/legacy';
import { deleteAccount } from './service';

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps) {
  app.delete('/users/account', async (request) => {
    const user = await requireUser(deps, request);
    await deleteAccount(deps, user.id);
    return { message: ACCOUNT_MESSAGES.deleted };
  });
}
