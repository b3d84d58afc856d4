import { loginInput, setupInput, signupInput, userOutput } from '@paisable/contracts';
import { z } from 'zod';

import type { RestOperation } from '../../rest/openapi/operation';

/** The user as the REST adapter sends it (see `toLegacyUser`): `_id` instead of `id`. */
export const legacyUserShape = userOutput.omit({ id: true }).extend({ _id: z.string() });
const legacyAuthShape = legacyUserShape.extend({
  token: z.string().describe('Bearer token for the Authorization header (valid 30 days).'),
});

const TOO_MANY_ATTEMPTS =
  'Too many attempts from your network address (or at one account) in 15 minutes; the Retry-After ' +
  'header says how many seconds to wait.';

export const authOperations: RestOperation[] = [
  {
    method: 'post',
    path: '/auth/signup',
    tag: 'Auth',
    summary: 'Create an account',
    auth: false,
    body: signupInput,
    responses: { 201: { description: 'The new user and a token.', schema: legacyAuthShape } },
    errors: { 409: 'The email is already registered.', 429: TOO_MANY_ATTEMPTS },
  },
  {
    method: 'post',
    path: '/auth/login',
    tag: 'Auth',
    summary: 'Log in',
    auth: false,
    body: loginInput,
    responses: { 200: { description: 'The user and a token.', schema: legacyAuthShape } },
    errors: { 401: 'Invalid email or password.', 429: TOO_MANY_ATTEMPTS },
  },
  {
    method: 'get',
    path: '/auth/me',
    tag: 'Auth',
    summary: 'The signed-in user',
    auth: true,
    responses: { 200: { description: 'The user.', schema: legacyUserShape } },
  },
  {
    method: 'put',
    path: '/auth/setup',
    tag: 'Auth',
    summary: 'Finish setup: default currency (and time zone)',
    auth: true,
    body: setupInput,
    responses: { 200: { description: 'The updated user.', schema: legacyUserShape } },
  },
];
