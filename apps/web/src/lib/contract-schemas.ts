import type * as Contracts from '@paisable/contracts';

/**
 * The API's zod schemas, which the forms check their input with before sending it. zod and the schemas
 * take a phone (4× slower CPU) 0.3–0.7 s to evaluate, more than anything else a page runs before its
 * data shows, so no page's code imports them: they load once the signed-in app has rendered
 * (preloadSchemas), or at the latest when a form is first submitted. The pages take their limits,
 * labels and rules from `@paisable/contracts/rules`, which has no zod.
 */
let loading: Promise<typeof Contracts> | undefined;

export function loadSchemas(): Promise<typeof Contracts> {
  loading ??= import('@paisable/contracts').catch((error: unknown) => {
    // A failed download (the network dropped) is tried again on the next submit.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts loading the schemas when the browser is idle, after the page's first render. */
export function preloadSchemas(): void {
  const load = () => void loadSchemas().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 500);
}

export type Schemas = typeof Contracts;
