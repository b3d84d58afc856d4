import { z } from 'zod';

import {
  AUTH_MESSAGES,
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  loginTwoFactorInput,
  passwordResetStatusOutput,
  renewOutput,
  resetPasswordInput,
  sessionOutput,
  setupInput,
  signupInput,
  twoFactorChallengeOutput,
  userOutput,
  type User,
} from '@paisable/contracts';

import { clientOf } from '../../rest/client-of';
import { defineRoute } from '../../rest/route';
import { passwordResetAvailable, requestPasswordReset, resetPassword } from './password-reset';
import { changePassword, completeSetup, login, loginWithCode, signup, toUser } from './service';
import { endOtherSessions, endSession, listSessions, renewSession } from './sessions';

const TAG = 'Auth';

/** The user as the original server sent it: `_id` instead of `id`. */
const legacyUser = userOutput.omit({ id: true }).extend({ _id: z.string() });
const legacyAuth = legacyUser.extend({
  token: z
    .string()
    .describe(
      'Bearer token for the Authorization header. It names a session that ends on logout, after 7 days ' +
        'without a request, or 30 days after sign-in.',
    ),
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

const message = z.object({ message: z.string() });
/** A session as other programs see it: `_id` like every other id of the REST API. */
const legacySession = sessionOutput.omit({ id: true }).extend({ _id: z.string() });

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
      const { token, user } = await signup(deps, { ...body, client: clientOf(request) });
      return { ...toLegacyUser(user), token };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/login',
    tag: TAG,
    summary: 'Log in',
    description:
      'Accounts with two-factor sign-in get `{ twoFactorRequired: true, challenge }` instead of a token: send ' +
      'the challenge and a code to `POST /api/auth/login/2fa`. Other accounts get the user and a token, as ever.',
    auth: 'none',
    body: loginInput,
    responses: {
      200: {
        description: 'The user and a token, or a challenge for the code.',
        schema: z.union([legacyAuth, twoFactorChallengeOutput]),
      },
    },
    errors: { 401: 'Invalid email or password.', 429: TOO_MANY_ATTEMPTS },
    handle: async ({ deps, body, request }) => {
      const result = await login(deps, { ...body, client: clientOf(request) });
      if ('twoFactorRequired' in result) return result;
      return { ...toLegacyUser(result.user), token: result.token };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/login/2fa',
    tag: TAG,
    summary: 'Log in, second step: the challenge and a code from the app (or a recovery code)',
    auth: 'none',
    body: loginTwoFactorInput,
    responses: { 200: { description: 'The user and a token.', schema: legacyAuth } },
    errors: {
      401: 'The code is wrong or used, or the challenge ended (5 minutes, 5 wrong codes): log in again.',
      429: TOO_MANY_ATTEMPTS,
    },
    handle: async ({ deps, body, request }) => {
      const { token, user } = await loginWithCode(deps, { ...body, client: clientOf(request) });
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
  defineRoute({
    method: 'post',
    path: '/auth/logout',
    tag: TAG,
    summary: 'Log out: ends this session on the server',
    description: 'The token is refused from then on, by every server process.',
    auth: 'required',
    responses: { 200: { description: 'Logged out.', schema: message } },
    handle: async ({ deps, user }) => {
      await endSession(deps, { userId: user.id, id: user.sessionId });
      return { message: AUTH_MESSAGES.loggedOut };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/renew',
    tag: TAG,
    summary: 'A new token for this session',
    description:
      'The token sent keeps working for one more minute (requests already on their way); shown after that, ' +
      'it ends the session, since only a copy could still hold it.',
    auth: 'required',
    responses: { 200: { description: 'The new token.', schema: renewOutput } },
    handle: async ({ deps, user }) => ({
      token: await renewSession(deps, { userId: user.id, sessionId: user.sessionId }),
    }),
  }),
  defineRoute({
    method: 'put',
    path: '/auth/password',
    tag: TAG,
    summary: 'Change the password; every other session is signed out',
    auth: 'required',
    body: changePasswordInput,
    responses: { 200: { description: 'Changed.', schema: message } },
    errors: {
      400: 'The current password is wrong, or the new one breaks the sign-up rules.',
      429: TOO_MANY_ATTEMPTS,
    },
    handle: ({ deps, user, body, request }) =>
      changePassword(deps, {
        ...body,
        userId: user.id,
        sessionId: user.sessionId,
        client: clientOf(request),
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/auth/sessions',
    tag: TAG,
    summary: 'Where you are signed in',
    auth: 'required',
    responses: {
      200: {
        description: 'Live sessions, most recently seen first.',
        schema: z.object({ sessions: z.array(legacySession) }),
      },
    },
    handle: async ({ deps, user }) => {
      const sessions = await listSessions(deps, { userId: user.id, sessionId: user.sessionId });
      return { sessions: sessions.map(({ id, ...rest }) => ({ _id: id, ...rest })) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/auth/sessions/:id',
    tag: TAG,
    summary: 'Sign out one session',
    auth: 'required',
    responses: { 200: { description: 'Signed out.', schema: message } },
    errors: { 404: 'No session of yours has this id.' },
    handle: async ({ deps, user, params }) => {
      await endSession(deps, { userId: user.id, id: params.id });
      return { message: AUTH_MESSAGES.sessionEnded };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/auth/sessions',
    tag: TAG,
    summary: 'Sign out everywhere else (every session but this one)',
    auth: 'required',
    responses: {
      200: { description: 'Signed out.', schema: z.object({ message: z.string(), ended: z.number().int() }) },
    },
    handle: async ({ deps, user }) => ({
      message: AUTH_MESSAGES.sessionsEnded,
      ended: await endOtherSessions(deps, { userId: user.id, keep: user.sessionId }),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/auth/password-reset',
    tag: TAG,
    summary: 'Whether this server can reset a password by e-mail (SMTP is set up)',
    auth: 'none',
    responses: { 200: { description: 'Available or not.', schema: passwordResetStatusOutput } },
    handle: ({ deps }) => passwordResetAvailable(deps),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/forgot-password',
    tag: TAG,
    summary: 'E-mail a link to choose a new password',
    description:
      'The answer is the same whether or not the address has an account. The link works once, for 30 ' +
      'minutes; at most 3 are sent to one address per hour.',
    auth: 'none',
    body: forgotPasswordInput,
    responses: {
      200: { description: 'Asked (a link is sent if the address has an account).', schema: message },
    },
    errors: {
      404: 'This server cannot send e-mail (no SMTP_URL): the operator resets passwords instead.',
      429: 'Too many requests from your network address in an hour; the Retry-After header says how many seconds to wait.',
    },
    handle: ({ deps, body, request }) => requestPasswordReset(deps, { ...body, client: clientOf(request) }),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/reset-password',
    tag: TAG,
    summary: 'Set a new password with the token of the e-mailed link; every session is signed out',
    description:
      'The token is the part after `#token=` in the link. Sign in with the new password afterwards.',
    auth: 'none',
    body: resetPasswordInput,
    responses: { 200: { description: 'Changed.', schema: message } },
    errors: {
      400: 'The link was used or is older than 30 minutes, or the new password breaks the sign-up rules.',
      404: 'This server cannot send e-mail (no SMTP_URL).',
      429: TOO_MANY_ATTEMPTS,
    },
    handle: ({ deps, body, request }) => resetPassword(deps, { ...body, client: clientOf(request) }),
  }),
];
