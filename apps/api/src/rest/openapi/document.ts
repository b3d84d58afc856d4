import { z } from 'zod';

import type { RestRoute, RouteResponse, UploadBody } from '../route';

const JSON_MEDIA = 'application/json';
const MULTIPART_MEDIA = 'multipart/form-data';
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

type JsonSchema = Record<string, unknown>;

export const errorBody = z
  .object({ message: z.string().describe('What went wrong, written for the user.') })
  .strict();

const STANDARD_ERRORS = {
  400: 'Invalid input; nothing was changed.',
  401: 'No token, or the token is invalid or expired.',
  404: 'No such item among your own (an id of another user is not found either).',
  500: 'Unexpected failure ("Server Error"); details stay in the server log.',
  503: 'The database is unavailable; try again shortly.',
} as const;

/** A zod schema as a JSON Schema (2020-12, the OpenAPI 3.1 dialect) without its `$schema` line. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** `/transactions/:id` → `/transactions/{id}`. */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:(\w+)/g, '{$1}');
}

function pathParameters(path: string) {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function queryParameters(query: z.ZodType | undefined) {
  if (!query) return [];
  const schema = jsonSchemaOf(query, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}

function errorStatuses(operation: RestRoute): Record<number, string> {
  const statuses: Record<number, string> = {};
  if (operation.body || operation.upload || operation.query || operation.path.includes(':')) {
    statuses[400] = STANDARD_ERRORS[400];
  }
  if (operation.auth === 'required') statuses[401] = STANDARD_ERRORS[401];
  if (operation.path.includes(':')) statuses[404] = STANDARD_ERRORS[404];
  statuses[500] = STANDARD_ERRORS[500];
  statuses[503] = STANDARD_ERRORS[503];
  // A route's own description of a status (when its 503 happens) replaces the standard one.
  return Object.assign(statuses, operation.errors);
}

/** Text answers are strings; anything else (an image, a PDF) is raw bytes of that type. */
function nonJsonSchema(mediaType: string): JsonSchema {
  return mediaType.startsWith('text/') ? { type: 'string' } : { type: 'string', contentMediaType: mediaType };
}

function responseContent(response: RouteResponse) {
  const mediaTypes = [response.mediaType ?? JSON_MEDIA].flat();
  return Object.fromEntries(
    mediaTypes.map((mediaType) => [
      mediaType,
      { schema: response.schema ? jsonSchemaOf(response.schema, 'output') : nonJsonSchema(mediaType) },
    ]),
  );
}

/**
 * A multipart body as OpenAPI 3.1 describes uploads: each file part is a string of bytes, and the
 * encoding object names the content types the part may have.
 */
function multipartContent({ files, fields }: UploadBody) {
  const fieldSchema = fields
    ? (jsonSchemaOf(fields, 'input') as { properties?: object; required?: string[] })
    : {};
  const properties = {
    ...fieldSchema.properties,
    ...Object.fromEntries(
      Object.entries(files).map(([name, file]) => [
        name,
        { type: 'string', contentMediaType: 'application/octet-stream', description: file.description },
      ]),
    ),
  };
  const encoding = Object.fromEntries(
    Object.entries(files).map(([name, file]) => [name, { contentType: file.contentTypes.join(', ') }]),
  );
  return {
    [MULTIPART_MEDIA]: {
      schema: {
        type: 'object',
        properties,
        required: [...Object.keys(files), ...(fieldSchema.required ?? [])],
      },
      encoding,
    },
  };
}

function requestBody(operation: RestRoute) {
  if (operation.upload) return { required: true, content: multipartContent(operation.upload) };
  if (operation.body) {
    return { required: true, content: { [JSON_MEDIA]: { schema: jsonSchemaOf(operation.body, 'input') } } };
  }
  return undefined;
}

function operationObject(operation: RestRoute) {
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    responses[status] = { description: response.description, content: responseContent(response) };
  }
  for (const [status, description] of Object.entries(errorStatuses(operation))) {
    responses[status] = {
      description,
      content: { [JSON_MEDIA]: { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const parameters = [...pathParameters(operation.path), ...queryParameters(operation.query)];
  const body = requestBody(operation);
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    operationId: operationId(operation),
    security: securityOf(operation),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** An empty requirement next to the bearer one makes the token optional (OpenAPI's way to say "or none"). */
function securityOf({ auth }: RestRoute) {
  if (auth === 'optional') return [{}, { bearerAuth: [] }];
  return auth === 'required' ? [{ bearerAuth: [] }] : [];
}

/** `delete /transactions/:id` → `deleteTransactionsById`. */
function operationId({ method, path }: RestRoute): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[-_]/));
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** The OpenAPI 3.1 document of the REST adapter, served under `/api`. */
export function buildOpenApiDocument(operations: readonly RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method]: operationObject(operation) };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: DIALECT,
    info: {
      title: 'Paisable REST API',
      version: '1.0.0',
      description:
        'The REST adapter of Paisable: the paths and shapes of the original Paisable server. Amounts are ' +
        'decimal numbers with at most 2 decimals; dates are calendar days. Errors are { "message": … }. ' +
        'The web app itself uses the typed tRPC API at /trpc (see the @paisable/client package).',
    },
    servers: [{ url: '/api' }],
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The token from POST /auth/signup or /auth/login.',
        },
      },
      schemas: { Error: jsonSchemaOf(errorBody, 'output') },
    },
  };
}
