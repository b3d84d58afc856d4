import { z } from 'zod';

import {
  regenerateRecoveryCodesInput,
  twoFactorDisableInput,
  twoFactorEnableInput,
  twoFactorEnableOutput,
  twoFactorSetupOutput,
  twoFactorStatusOutput,
} from '@paisable/contracts';

import { clientOf } from '../../rest/client-of';
import { defineRoute } from '../../rest/route';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from './service';

const TAG = 'Two-factor sign-in';
const message = z.object({ message: z.string() });
const TOO_MANY_ATTEMPTS =
  'Too many attempts (wrong codes count like wrong passwords); the Retry-After header says how many seconds to wait.';

/** Turning two-factor sign-in on and off; the code step of signing in is `POST /api/auth/login/2fa`. */
export const twoFactorRoutes = [
  defineRoute({
    method: 'get',
    path: '/auth/2fa',
    tag: TAG,
    summary: 'Whether sign-in asks for a code, and how many recovery codes are left',
    auth: 'required',
    responses: { 200: { description: 'The state.', schema: twoFactorStatusOutput } },
    handle: ({ deps, user }) => twoFactorStatus(deps, { userId: user.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/2fa/setup',
    tag: TAG,
    summary: 'Start turning it on: a secret and its otpauth URI for an authenticator app',
    description: 'Nothing changes at sign-in until `POST /api/auth/2fa/enable` confirms it with a code.',
    auth: 'required',
    responses: { 200: { description: 'Show the URI as a QR code.', schema: twoFactorSetupOutput } },
    errors: { 409: 'It is already on.' },
    handle: ({ deps, user }) => startTwoFactorSetup(deps, { userId: user.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/2fa/enable',
    tag: TAG,
    summary: 'Turn it on with a code from the app; answers the 10 recovery codes, this once',
    auth: 'required',
    body: twoFactorEnableInput,
    responses: { 200: { description: 'On.', schema: twoFactorEnableOutput } },
    errors: {
      400: 'The code is wrong, or the setup was not started.',
      409: 'It is already on.',
      429: TOO_MANY_ATTEMPTS,
    },
    handle: ({ deps, user, body, request }) =>
      enableTwoFactor(deps, { ...body, userId: user.id, client: clientOf(request) }),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/2fa/disable',
    tag: TAG,
    summary: 'Turn it off: the password and a code (or a recovery code)',
    auth: 'required',
    body: twoFactorDisableInput,
    responses: { 200: { description: 'Off.', schema: message } },
    errors: { 400: 'The password or the code is wrong, or it is not on.', 429: TOO_MANY_ATTEMPTS },
    handle: ({ deps, user, body, request }) =>
      disableTwoFactor(deps, { ...body, userId: user.id, client: clientOf(request) }),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/2fa/recovery-codes',
    tag: TAG,
    summary: 'New recovery codes (the password and a code); the old ones stop working',
    auth: 'required',
    body: regenerateRecoveryCodesInput,
    responses: { 200: { description: 'The 10 new codes, shown this once.', schema: twoFactorEnableOutput } },
    errors: { 400: 'The password or the code is wrong, or it is not on.', 429: TOO_MANY_ATTEMPTS },
    handle: ({ deps, user, body, request }) =>
      regenerateRecoveryCodes(deps, { ...body, userId: user.id, client: clientOf(request) }),
  }),
];
