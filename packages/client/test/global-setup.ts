import type { TestProject } from 'vitest/node';

import { startApiServer } from '../testing/api-server';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
  }
}

/** One real API process (HTTP on a free port, embedded PostgreSQL) for the whole run. */
export default async function setup(project: TestProject) {
  const api = await startApiServer();
  project.provide('apiUrl', api.url);
  return api.stop;
}
