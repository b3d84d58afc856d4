import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';

import { MESSAGES } from '@paisable/contracts';

import type { AppDeps } from '../deps';
import { AppError } from '../lib/errors';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { registerAuthRoutes } from '../modules/auth/rest';
import { registerBudgetRoutes } from '../modules/budgets/rest';
import { registerCategoryRoutes } from '../modules/categories/rest';
import { registerContactRoutes } from '../modules/contact/rest';
import { registerRecurringRoutes } from '../modules/recurring/rest';
import { registerTransactionRoutes } from '../modules/transactions/rest';
import { registerUserRoutes } from '../modules/users/rest';

/**
 * The compatibility REST API under /api: the paths, field names and `{ message }` errors of the original
 * Paisable server. Each route only translates between that wire format and a service call.
 */
export function restApi(deps: AppDeps): FastifyPluginCallback {
  return (app, _options, done) => {
    app.setErrorHandler(sendRestError);
    app.setNotFoundHandler((request, reply) => {
      void reply
        .status(404)
        .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
    });
    app.get('/health', async () => {
      await deps.db.execute('select 1');
      return { status: 'ok' };
    });
    registerAuthRoutes(app, deps);
    registerTransactionRoutes(app, deps);
    registerCategoryRoutes(app, deps);
    registerContactRoutes(app, deps);
    registerUserRoutes(app, deps);
    registerBudgetRoutes(app, deps);
    registerRecurringRoutes(app, deps);
    done();
  };
}

export function sendRestError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.details.retryAfterSeconds) reply.header('retry-after', String(error.details.retryAfterSeconds));
    return reply.status(error.status).send({ message: error.message });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.status(503).send({ message: MESSAGES.serviceUnavailable });
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
  request.log.error({ err: error }, 'unexpected error');
  return reply.status(500).send({ message: 'Server Error' });
}
