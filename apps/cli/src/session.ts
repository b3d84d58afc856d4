import { createPaisableClient, errorMessage, isPaisableError, isUnauthorized } from '@paisable/client';
import { MESSAGES, type TransactionFilters } from '@paisable/contracts';

import { CliError, readSettings, UsageError, type Io } from './io';

/** The saved server and token as a client; refuses early when nobody is logged in. */
export type Client = ReturnType<typeof createPaisableClient>;

export function connect(io: Io) {
  const settings = readSettings(io);
  if (!settings.token) throw new CliError('Not logged in: run `pnpm paisable login` first.');
  return {
    settings,
    token: settings.token,
    client: createPaisableClient({ url: settings.url, token: settings.token }),
  };
}

/** A failed call as one line the user can act on. */
export function describeFailure(error: unknown, url: string): string {
  const message = errorMessage(error, 'Not authorized');
  // A refused token (not a wrong password at login) means logging in again.
  if (isUnauthorized(error) && (message === MESSAGES.noToken || message === MESSAGES.tokenFailed)) {
    return `${message}: run \`pnpm paisable login\` again.`;
  }
  if (isPaisableError(error) && error.data?.code)
    return errorMessage(error, 'The server refused the request.');
  return `Could not reach the Paisable server at ${url}: is it running? (set another with login --url)`;
}

/** The filter flags shared by `list` and `export`, as the web app's filters. */
export const FILTER_OPTIONS = {
  search: { type: 'string' },
  type: { type: 'string' },
  category: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
} as const;

export function filtersFrom(values: {
  search?: string;
  type?: string;
  category?: string;
  from?: string;
  to?: string;
}): Partial<TransactionFilters> {
  if (values.type !== undefined && values.type !== 'income' && values.type !== 'expense') {
    throw new UsageError(`--type must be income or expense, not "${values.type}".`);
  }
  return {
    search: values.search || undefined,
    isIncome: values.type === undefined ? undefined : values.type === 'income',
    category: values.category || undefined,
    startDate: values.from,
    endDate: values.to,
  };
}
