import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';

import { App } from './app';
import { createAppRouter } from './router';

/**
 * The public pages written to HTML at build time (scripts/prerender.mjs), by file name under dist/pages.
 * They are rendered as a visitor sees them: no token, light theme.
 */
export const PRERENDERED_PAGES = { index: '/', login: '/login', register: '/register', contact: '/contact' };

/** The markup of `<div id="root">` for one page, as the browser's first render will produce it. */
export async function renderPage(url: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  return renderToString(<App router={router} />);
}
