import { z } from 'zod';

import { renderDocsPage } from './openapi/docs-page';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi/document';
import { defineRoute, type RestRoute } from './route';

const TAG = 'System';

/**
 * The routes about the API itself: a health check, and the OpenAPI document of `routes` (these included)
 * with its readable page, both built once from the declarations.
 */
export function withSystemRoutes(routes: readonly RestRoute[]): RestRoute[] {
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const built = (): OpenApiDocument => (document ??= buildOpenApiDocument(all));

  const system: RestRoute[] = [
    defineRoute({
      method: 'get',
      path: '/health',
      tag: TAG,
      summary: 'Liveness and database check',
      auth: 'none',
      responses: {
        200: { description: 'Up, and the database answers.', schema: z.object({ status: z.literal('ok') }) },
      },
      handle: async ({ deps }) => {
        await deps.db.execute('select 1');
        return { status: 'ok' as const };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      tag: TAG,
      summary: 'This document',
      auth: 'none',
      responses: {
        200: { description: 'OpenAPI 3.1 document.', schema: z.looseObject({ openapi: z.string() }) },
      },
      handle: () => built(),
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      tag: TAG,
      summary: 'This document as a readable page',
      auth: 'none',
      responses: { 200: { description: 'HTML page.', mediaType: 'text/html' } },
      handle: ({ reply }) => reply.type('text/html; charset=utf-8').send((page ??= renderDocsPage(built()))),
    }),
  ];
  const all: RestRoute[] = [...system, ...routes];
  return all;
}
