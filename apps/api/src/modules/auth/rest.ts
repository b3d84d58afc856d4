import { z } from 'zod';

import { loginInput, setupInput, signupInput, userOutput, type User } from '@paisable/contracts';

import { defineRoute } from '../../rest/route';
import { completeSetup, login, signup, toUser } from './service';

const TAG = 'Auth';

/** The user as the original server sent it: `_id` instead of `id`. */
const legacyUser = userOutput.omit({ id: true }).extend({ _id: z.string() });
const legacyAuth = legacyUser.extend({
  token: z.string().describe('Bearer token for the Authorization header (valid 30 days).'),
});

function toLegacyUser(user: User): z.infer<typeof legacyUser> {
  return {
    _id: user.id,
    email: user.email,
    defaultCurrency: user.defaultCurrency,
    isSetupComplete: user.isSetupComplete,
    timeZone: user.timeZone,
    createdAt: user.createdAt,
  };
}

const TOO_MANY_ATTEMPTS =
  'Too many attempts from your network address (or at one account) in 15 minutes; the Retry-After ' +
  'header says how many seconds to wait.';

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/signup',
    tag: TAG,
    summary: 'Create an account',
    auth: 'none',
    body: signupInput,
    responses: { 201: { description: 'The new user and a token.', schema: legacyAuth } },
    errors: { 409: 'The email is already registered.', 429: TOO_MANY_ATTEMPTS },
    handle: async ({ deps, body, request }) => {
      const { token, user } = await signup(deps, { ...body, client: { ip: request.ip } });
      return { ...toLegacyUser(user), token };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/login',
    tag: TAG,
    summary: 'Log in',
    auth: 'none',
    body: loginInput,
    responses: { 200: { description: 'The user and a token.', schema: legacyAuth } },
    errors: { 401: 'Invalid email or password.', 429: TOO_MANY_ATTEMPTS },
    handle: async ({ deps, body, request }) => {
      const { token, user } = await login(deps, { ...body, client: { ip: request.ip } });
      return { ...toLegacyUser(user), token };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/me',
    tag: TAG,
    summary: 'The signed-in user',
    auth: 'required',
    responses: { 200: { description: 'The user.', schema: legacyUser } },
    handle: ({ user }) => toLegacyUser(toUser(user)),
  }),
  defineRoute({
    method: 'put',
    path: '/auth/setup',
    tag: TAG,
    summary: 'Finish setup: default currency (and time zone)',
    auth: 'required',
    body: setupInput,
    responses: { 200: { description: 'The updated user.', schema: legacyUser } },
    handle: async ({ deps, user, body }) =>
      toLegacyUser(await completeSetup(deps, { userId: user.id, ...body })),
  }),
];
