import { loginInput, setupInput, signupInput } from '@paisable/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppDeps } from '../../deps';
import { parseInput } from '../../lib/errors';
import { bodyOf, requireUser, toLegacyUser } from '../../rest/legacy';
import { completeSetup, login, signup, toUser } from './service';

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post('/auth/signup', async (request, reply) => {
    const { token, user } = await signup(deps, parseInput(signupInput, bodyOf(request)), { ip: request.ip });
    return reply.status(201).send({ ...toLegacyUser(user), token });
  });

  app.post('/auth/login', async (request) => {
    const { token, user } = await login(deps, parseInput(loginInput, bodyOf(request)), { ip: request.ip });
    return { ...toLegacyUser(user), token };
  });

  app.get('/auth/me', async (request) => toLegacyUser(toUser(await requireUser(deps, request))));

  app.put('/auth/setup', async (request) => {
    const user = await requireUser(deps, request);
    return toLegacyUser(await completeSetup(deps.db, user.id, parseInput(setupInput, bodyOf(request))));
  });
}
