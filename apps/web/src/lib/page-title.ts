/** "Transactions · Paisable": what a tab, a bookmark and the browser's history call a page. */
export function pageTitle(page: string): string {
  return `${page} · Paisable`;
}

/** A route's `head`: the page's title, read by `titleOfMatches` (the app) and by the prerender step. */
export function titled(title: string) {
  return () => ({ meta: [{ title }] });
}

/** The title of the deepest matched route that names one; undefined when none does (a 404). */
export function titleOfMatches(matches: readonly { meta?: unknown }[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const meta = matches[index]?.meta;
    if (!Array.isArray(meta)) continue;
    for (const tag of meta as unknown[]) {
      if (tag && typeof tag === 'object' && 'title' in tag && typeof tag.title === 'string') return tag.title;
    }
  }
  return undefined;
}
