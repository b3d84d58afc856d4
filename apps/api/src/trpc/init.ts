import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

import { MESSAGES } from '@paisable/contracts';

import type { AppDeps } from '../deps';
import { authenticate, type Client } from '../lib/authenticate';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { AppError, firstIssueMessage, rejectNullCharacters } from '../lib/errors';

export type TrpcContext = AppDeps & {
  authorization: string | undefined;
  client: Client;
  /** The request's `Idempotency-Key` header: a retried change acts once (lib/idempotency.ts). */
  idempotencyKey?: string;
};

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    // Stack traces stay in the server log, never on the wire.
    const data = { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path };
    // Input errors carry zod's report; the client shows the first problem as a sentence.
    if (error.cause instanceof ZodError) return { ...shape, data, message: firstIssueMessage(error.cause) };
    // Unexpected failures keep their code but lose their text.
    if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, data, message: MESSAGES.serverError };
    return { ...shape, data };
  },
});

/** Turns a service's AppError into the matching tRPC error, so every procedure reports the same way. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const { code, message } = result.error.cause;
    throw new TRPCError({ code, message, cause: result.error.cause });
  }
  if (!result.ok && isDatabaseUnavailable(result.error.cause ?? result.error)) {
    // Like REST: a retryable 503 with a sentence, not a 500 with the driver's text.
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: MESSAGES.serviceUnavailable,
      cause: result.error,
    });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** Text PostgreSQL cannot store is refused before any procedure sees it (see rejectNullCharacters). */
const storableText = t.middleware(async ({ getRawInput, next }) => {
  rejectNullCharacters(await getRawInput());
  return next();
});

export const publicProcedure = t.procedure.use(appErrors).use(storableText);

export const protectedProcedure = publicProcedure.use(async ({ ctx, type, next }) => {
  // A query only reads: it may use the user row this process remembers (lib/authenticate.ts).
  const user = await authenticate(ctx, ctx.authorization, type === 'query' ? 'read' : 'write', ctx.client);
  // tRPC merges this into the context itself: spreading the whole context here too only cost CPU.
  return next({ ctx: { user } });
});

export { TRPCError };
