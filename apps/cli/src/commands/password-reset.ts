import { parseArgs } from 'node:util';

import { createPaisableClient } from '@paisable/client';

import { readSettings, UsageError, type Io } from '../io';

export const forgotPasswordHelp = `paisable forgot-password <email> [--url <server>]
  Asks the server to e-mail a link to choose a new password (servers with e-mail set up; otherwise the
  operator resets it with \`paisable-admin reset-password\`). The answer is the same whether or not the
  address has an account.`;

export const resetPasswordHelp = `paisable reset-password --token <token or link> [--url <server>]
  Sets a new password with the e-mailed link (the whole link, or its part after "#token="). The new password
  is asked for on a terminal, or read from standard input. Every session is signed out; log in again.`;

export async function forgotPassword(args: string[], io: Io) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { url: { type: 'string' } },
  });
  const email = positionals[0];
  if (positionals.length !== 1 || !email) throw new UsageError('Which account? Name its e-mail address.');
  const { message } = await anonymousClient(values.url, io).auth.forgotPassword.mutate({ email });
  io.stdout.write(`${message}\n`);
}

export async function resetPassword(args: string[], io: Io) {
  const { values } = parseArgs({ args, options: { token: { type: 'string' }, url: { type: 'string' } } });
  if (!values.token) throw new UsageError('Pass --token with the link from the e-mail.');
  const token = tokenOf(values.token);
  const newPassword = await io.readSecret('New password: ');
  const { message } = await anonymousClient(values.url, io).auth.resetPassword.mutate({ token, newPassword });
  io.stdout.write(`${message}\n`);
}

/** The e-mailed link carries the token after "#token="; a bare token is taken as it is. */
function tokenOf(given: string) {
  const marker = given.indexOf('#token=');
  return marker === -1 ? given.trim() : given.slice(marker + '#token='.length).trim();
}

function anonymousClient(url: string | undefined, io: Io) {
  return createPaisableClient({ url: (url ?? readSettings(io).url).replace(/\/+$/, '') });
}
