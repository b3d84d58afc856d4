import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify, { type InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import { buildOpenApiDocument, openApiPath } from '../../src/rest/openapi/document';
import { restOperations } from '../../src/rest/openapi/paths';
import { restApi } from '../../src/rest/plugin';
import { createTestApp, createTestDeps, seedUser, TEST_PASSWORD, uniqueEmail } from '../helpers';

type Answer = { method: string; route: string; status: number; contentType: string; payload: unknown };
type Route = { method: string; route: string };

const deps = createTestDeps();
const document = buildOpenApiDocument(restOperations);

/** The REST plugin on a bare Fastify that notes every route it registers and every answer it sends. */
async function recordingRestApi() {
  const routes: Route[] = [];
  const answers: Answer[] = [];
  const app = Fastify();
  app.addHook('onRoute', ({ method, url }) => {
    for (const verb of [method].flat()) {
      if (verb !== 'HEAD' && verb !== 'OPTIONS') routes.push({ method: verb.toLowerCase(), route: url });
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    answers.push({
      method: request.method.toLowerCase(),
      route: request.routeOptions.url ?? '(no route)',
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      payload,
    });
    return payload;
  });
  await app.register(restApi(deps), { prefix: '/api' });
  await app.ready();
  return { app, routes, answers };
}

const key = (method: string, route: string) => `${method} ${route}`;
const documented = new Set(restOperations.map((operation) => key(operation.method, `/api${operation.path}`)));

let recorded: Awaited<ReturnType<typeof recordingRestApi>>;

/**
 * A session that calls every route, with successes and typical refusals. A module that adds routes adds
 * a line here; the test below fails for any documented route that never answered successfully.
 */
async function exerciseEveryRoute() {
  const { app } = recorded;
  const alice = await seedUser(deps);
  const bob = await seedUser(deps);
  const as = (user: { authorization: string }, options: InjectOptions) =>
    app.inject({ ...options, headers: { authorization: user.authorization } });
  const json = (response: { json: () => unknown }) => response.json() as Record<string, unknown>;

  await app.inject({ method: 'GET', url: '/api/health' });
  await app.inject({ method: 'GET', url: '/api/openapi.json' });
  await app.inject({ method: 'GET', url: '/api/docs' });

  const email = uniqueEmail('openapi');
  await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: TEST_PASSWORD } });
  await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: TEST_PASSWORD } });
  await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'nope', password: 'x' } });
  await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });
  await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong#1234' } });
  await app.inject({ method: 'GET', url: '/api/auth/me' });
  await as(alice, { method: 'GET', url: '/api/auth/me' });
  await as(alice, { method: 'PUT', url: '/api/auth/setup', payload: { defaultCurrency: 'INR' } });
  await as(alice, { method: 'PUT', url: '/api/auth/setup', payload: { defaultCurrency: 'XXX' } });

  const created = await as(alice, {
    method: 'POST',
    url: '/api/transactions',
    payload: { name: 'Rent', category: 'Housing', cost: 950.5, addedOn: '2025-05-01', note: 'May' },
  });
  const id = String(json(created)._id);
  await as(alice, {
    method: 'POST',
    url: '/api/transactions',
    payload: { name: 'Pay', category: 'Salary', cost: '3000', isIncome: true },
  });
  await as(alice, {
    method: 'POST',
    url: '/api/transactions',
    payload: { name: 'Bad', category: 'Food', cost: -1 },
  });
  await as(alice, { method: 'GET', url: '/api/transactions?page=1&limit=5&isIncome=false' });
  await as(alice, { method: 'GET', url: '/api/transactions?page=0' });
  await as(alice, { method: 'GET', url: '/api/transactions/summary' });
  await as(alice, { method: 'PUT', url: `/api/transactions/${id}`, payload: { cost: 900 } });
  await as(bob, { method: 'PUT', url: `/api/transactions/${id}`, payload: { cost: 1 } });
  await as(alice, { method: 'GET', url: '/api/transactions/export?startDate=2025-05-01' });
  await as(alice, { method: 'GET', url: '/api/transactions/export?startDate=yesterday' });
  await as(alice, { method: 'GET', url: '/api/transactions/categories' });
  await as(alice, { method: 'GET', url: '/api/transactions/categories/expense' });
  await as(alice, { method: 'GET', url: '/api/transactions/categories/income' });
  await as(alice, {
    method: 'DELETE',
    url: '/api/transactions/category',
    payload: { categoryToDelete: 'Housing' },
  });
  await as(alice, {
    method: 'DELETE',
    url: '/api/transactions/category',
    payload: { categoryToDelete: 'Food' },
  });
  await as(alice, { method: 'DELETE', url: `/api/transactions/${id}` });
  await as(alice, { method: 'POST', url: '/api/transactions/restore', payload: { transactionIds: [id] } });
  await as(bob, { method: 'DELETE', url: '/api/transactions/bulk', payload: { transactionIds: [id] } });
  await as(alice, { method: 'DELETE', url: '/api/transactions/bulk', payload: { transactionIds: [id] } });
  await as(alice, { method: 'DELETE', url: '/api/transactions/bulk', payload: {} });
  await as(alice, { method: 'DELETE', url: `/api/transactions/${id}` });
}

beforeAll(async () => {
  recorded = await recordingRestApi();
  await exerciseEveryRoute();
  return () => recorded.app.close();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every registered REST route, and nothing that is not one', () => {
    const registered = new Set(recorded.routes.map(({ method, route }) => key(method, route)));
    expect(
      [...registered].filter((route) => !documented.has(route)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      [...documented].filter((route) => !registered.has(route)),
      'documented but not registered',
    ).toEqual([]);
  });

  it('is served by the full app, with the bearer scheme on the routes that need a token', async () => {
    const { app } = await createTestApp(deps);
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const served = response.json();
    expect(served).toEqual(JSON.parse(JSON.stringify(document)));
    expect(served.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(served.paths['/transactions'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(served.paths['/auth/login'].post.security).toEqual([]);
    expect(served.paths['/transactions/{id}'].put.responses['404']).toBeDefined();
    for (const operation of restOperations) {
      expect(app.hasRoute({ method: operation.method.toUpperCase(), url: `/api${operation.path}` })).toBe(
        true,
      );
    }
  });

  it('has a docs page at /api/docs that lists every operation', async () => {
    const { app } = await createTestApp(deps);
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    for (const operation of restOperations) {
      expect(response.body).toContain(`<code>/api${openApiPath(operation.path)}</code>`);
    }
    expect(response.body).not.toMatch(/<script|https?:\/\/(?!json-schema\.org)/);
  });
});

describe('the answers of a session that calls every route', () => {
  const spec = () => {
    const validator = new Validator();
    return validator
      .validate(structuredClone(document))
      .then(() => validator.resolveRefs() as typeof document);
  };

  it('answered every documented route successfully at least once', () => {
    const succeeded = new Set(
      recorded.answers.filter((answer) => answer.status < 300).map(({ method, route }) => key(method, route)),
    );
    expect(
      [...documented].filter((route) => !succeeded.has(route)),
      'never exercised',
    ).toEqual([]);
  });

  it('answered only with documented statuses and bodies that match their schemas', async () => {
    const resolved = await spec();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const problems: string[] = [];
    for (const answer of recorded.answers) {
      const where = `${answer.method.toUpperCase()} ${answer.route} → ${answer.status}`;
      const path = openApiPath(answer.route.replace(/^\/api/, ''));
      const operation = (
        resolved.paths[path] as Record<string, { responses: Record<string, unknown> }> | undefined
      )?.[answer.method];
      const response = operation?.responses[String(answer.status)] as
        { content: Record<string, { schema: object }> } | undefined;
      if (!response) {
        problems.push(`${where}: status not documented`);
        continue;
      }
      const [mediaType, media] = Object.entries(response.content)[0] ?? [];
      if (!mediaType || !answer.contentType.startsWith(mediaType)) {
        problems.push(`${where}: content-type ${answer.contentType}, documented ${mediaType}`);
        continue;
      }
      if (mediaType !== 'application/json' || !media) continue;
      const validate = ajv.compile(media.schema);
      if (!validate(JSON.parse(String(answer.payload)))) {
        problems.push(
          `${where}: ${ajv.errorsText(validate.errors)} in ${String(answer.payload).slice(0, 300)}`,
        );
      }
    }
    expect(problems).toEqual([]);
    // The session covers refusals too, so error bodies were checked, not only successes.
    expect(new Set(recorded.answers.map((answer) => answer.status))).toEqual(
      new Set([200, 201, 400, 401, 404, 409]),
    );
  });
});
