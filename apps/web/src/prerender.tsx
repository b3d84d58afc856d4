import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';

import { App } from './app';
import { titleOfMatches } from './lib/page-title';
import { createAppRouter } from './router';

/**
 * The public pages written to HTML at build time (scripts/prerender.mjs), by file name under dist/pages.
 * They are rendered as a visitor sees them: no token, light theme.
 */
export const PRERENDERED_PAGES = { index: '/', login: '/login', register: '/register', contact: '/contact' };

/**
 * The markup of `<div id="root">` for one page, as the browser's first render will produce it, and the
 * page's title for the shell's `<title>` (so the tab is named before the app's code runs).
 */
export async function renderPage(url: string): Promise<{ markup: string; title: string | undefined }> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  return { markup: renderToString(<App router={router} />), title: titleOfMatches(router.state.matches) };
}
