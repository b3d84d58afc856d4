import type { FastifyCompressRouteOptions } from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import type { AppDeps } from '../deps';
import type { SignedInUser } from '../lib/authenticate';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * `required`: a valid bearer token or 401 before anything else is read. `optional`: a token is used when
 * it is valid; a missing or stale one is simply anonymous, never a 401. `none`: public.
 */
export type RouteAuth = 'required' | 'optional' | 'none';

/** A success answer: JSON described by a zod schema, or another media type (a CSV download, a file). */
export type RouteResponse = {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. Several when the answer is one of them (a receipt's image or PDF). */
  mediaType?: string | readonly string[];
};

/** One file part of a multipart/form-data body. */
export type UploadFile = {
  description: string;
  /** The types the service accepts (it sniffs the bytes; the part's own Content-Type is not trusted). */
  contentTypes: readonly string[];
};

/**
 * A multipart/form-data body (an upload from a browser's FormData). The files are read into memory up to
 * `maxBytes` each; text fields, if any, are validated with `fields` and reach the handler as its body.
 */
export type UploadBody = {
  files: Record<string, UploadFile>;
  fields?: z.ZodObject;
  maxBytes: number;
  /** What the user is told when the body is not the upload the route expects. */
  messages: { missingFile: string; tooLarge: string; malformed: string };
};

type UserFor<Auth extends RouteAuth> = Auth extends 'required'
  ? SignedInUser
  : Auth extends 'optional'
    ? SignedInUser | undefined
    : undefined;

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** `/receipts/:id/file` → `{ id: string }`: a handler reads only the parameters its path has. */
type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [Key in Name]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [Key in Name]: string }
    : Record<never, string>;

/** What a handler receives: the resolved user and the input already validated by the declared schemas. */
export type RouteContext<Auth extends RouteAuth, Path extends string, Query, Body> = {
  deps: AppDeps;
  user: UserFor<Auth>;
  query: Parsed<Query>;
  /** The parsed JSON body, or an upload's parsed text fields. */
  body: Parsed<Body>;
  params: PathParams<Path>;
  /** An upload's files by part name; empty for JSON routes. */
  files: Record<string, Buffer>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * One REST route, declared once: how it is called (method, path, auth, input schemas), what it answers
 * (for the OpenAPI document) and what it does. The schemas parse the input — legacy spellings included —
 * into the contract's types, so the document describes exactly what is accepted.
 */
export type RouteDefinition<Auth extends RouteAuth, Path extends string, Query, Body> = {
  method: HttpMethod;
  /** Fastify spelling, relative to /api: `/transactions/:id`. */
  path: Path;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  query?: Query;
  /** A JSON body. */
  body?: Body;
  /** A multipart/form-data body instead of JSON. */
  upload?: UploadBody;
  /** Success answers by status; the first is the status sent unless the handler sets another. */
  responses: Record<number, RouteResponse>;
  /**
   * Error answers beyond those the declaration implies (input → 400, `auth: 'required'` → 401, a path
   * parameter → 404), with when they happen.
   */
  errors?: Record<number, string>;
  /** This route's own compression settings (@fastify/compress), instead of the app's for JSON answers. */
  compress?: FastifyCompressRouteOptions['compress'];
  /** Returns the answer's body (or `reply` after sending a stream or raw bytes). */
  handle: (context: RouteContext<Auth, Path, Query, Body>) => unknown;
};

/** A declared route with its input types erased, so routes of different inputs share one list. */
export type RestRoute = RouteDefinition<RouteAuth, string, z.ZodType | undefined, z.ZodType | undefined>;

export function defineRoute<
  const Auth extends RouteAuth,
  const Path extends string,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(route: RouteDefinition<Auth, Path, Query, Body>): RestRoute {
  // The handler is only ever called with what the loop parsed with these very schemas and this auth.
  return route;
}
