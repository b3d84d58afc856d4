import type { FastifyInstance } from 'fastify';

import { buildOpenApiDocument } from './document';
import { renderDocsPage } from './docs-page';
import { restOperations } from './paths';

/** `GET /api/openapi.json` and its readable page `GET /api/docs`, both built once from the contracts. */
export function registerOpenApiRoutes(app: FastifyInstance) {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  let page: string | undefined;
  const built = () => (document ??= buildOpenApiDocument(restOperations));

  app.get('/openapi.json', (_request, reply) => reply.send(built()));
  app.get('/docs', (_request, reply) =>
    reply.type('text/html; charset=utf-8').send((page ??= renderDocsPage(built()))),
  );
}
