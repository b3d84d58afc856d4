import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * A response of an operation: JSON described by a zod schema, or other media types (a CSV download, a
 * stored file that is one of several types).
 */
export type OperationResponse = {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. Several when the answer is one of them (a receipt's image or PDF). */
  mediaType?: string | readonly string[];
};

/** One file part of a multipart/form-data body. */
export type MultipartFile = {
  description: string;
  /** The types the server accepts (it sniffs the bytes; the part's own Content-Type is not trusted). */
  contentTypes: readonly string[];
};

/** A multipart/form-data request body (an upload from a browser's FormData). */
export type MultipartBody = {
  files: Record<string, MultipartFile>;
};

/**
 * One REST route as the OpenAPI document describes it. Schemas are the contracts' zod schemas (or the
 * legacy wire shapes built from them), so the document follows the code instead of being written by hand.
 * Error responses (`{ message }`) are added from what the route declares: a body, upload or query → 400,
 * `auth: true` → 401, a path parameter → 404.
 */
export type RestOperation = {
  method: HttpMethod;
  /** Fastify spelling, relative to /api: `/transactions/:id`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /**
   * Needs `Authorization: Bearer <token>` (true), or takes one if sent ('optional': a missing or invalid
   * token is simply anonymous, never a 401).
   */
  auth: boolean | 'optional';
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body instead of JSON. */
  multipart?: MultipartBody;
  /** Success responses by status code. */
  responses: Record<number, OperationResponse>;
  /** Error statuses beyond the ones derived above (409 for a duplicate, …), with when they happen. */
  errors?: Record<number, string>;
};
