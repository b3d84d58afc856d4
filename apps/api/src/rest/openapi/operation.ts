import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** A response of an operation: JSON described by a zod schema, or another media type (a CSV download). */
export type OperationResponse = {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  mediaType?: string;
};

/**
 * One REST route as the OpenAPI document describes it. Schemas are the contracts' zod schemas (or the
 * legacy wire shapes built from them), so the document follows the code instead of being written by hand.
 * Error responses (`{ message }`) are added from what the route declares: a body or query → 400,
 * `auth` → 401, a path parameter → 404.
 */
export type RestOperation = {
  method: HttpMethod;
  /** Fastify spelling, relative to /api: `/transactions/:id`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Needs `Authorization: Bearer <token>`. */
  auth: boolean;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success responses by status code. */
  responses: Record<number, OperationResponse>;
  /** Error statuses beyond the ones derived above (409 for a duplicate, …), with when they happen. */
  errors?: Record<number, string>;
};
