import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCClient } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

import type { AppRouter } from '@paisable/api/trpc';

/** A bearer token, or a function that reads the current one (the web app's token changes on login). */
export type TokenSource = string | null | undefined | (() => string | null | undefined);

export type PaisableClientOptions = {
  /** Where the server runs, e.g. `http://localhost:3000`; `''` for the same origin in a browser. */
  url: string;
  token?: TokenSource;
  /** For tests and non-standard runtimes; the global fetch otherwise. */
  fetch?: typeof fetch;
};

export type PaisableClient = TRPCClient<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/**
 * The typed client of the whole tRPC API: `client.transactions.list.query({ page: 1 })`. Calls made in
 * the same tick travel in one HTTP request.
 */
export function createPaisableClient(options: PaisableClientOptions): PaisableClient {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: endpoint(options.url, '/trpc'),
        // A batch of many creates (an import) must stay below URL and body limits.
        maxItems: 25,
        headers: () => authorizationHeader(options.token),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ],
  });
}

/** `url` + `path` with exactly one slash between them. */
export function endpoint(url: string, path: string): string {
  return `${url.replace(/\/+$/, '')}${path}`;
}

export function authorizationHeader(token: TokenSource): Record<string, string> {
  const value = typeof token === 'function' ? token() : token;
  return value ? { authorization: `Bearer ${value}` } : {};
}

export function isPaisableError(error: unknown): error is TRPCClientError<AppRouter> {
  return error instanceof TRPCClientError;
}

/** The server refused the token: it expired, or the account is gone. */
export function isUnauthorized(error: unknown): boolean {
  return isPaisableError(error) && error.data?.code === 'UNAUTHORIZED';
}

/**
 * The server's message for a refused call (it is written for the user), or `fallback` when the server
 * could not be reached or failed.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isPaisableError(error) && error.data?.code && error.message) return error.message;
  return fallback;
}
