import type { TestProject } from 'vitest/node';

import { startApiServer } from './api-server';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
  }
}

/** One real API process (HTTP on a free port, embedded PostgreSQL) for a whole test run (client and CLI). */
export default async function setup(project: TestProject) {
  const api = await startApiServer();
  project.provide('apiUrl', api.url);
  return api.stop;
}
