/**
 * The address the app was opened with. The router rewrites the URL to the search params it could read
 * before a page renders, so a page that wants to say what a link asked for and could not get (a day
 * that does not exist) reads it here. Taken once, before the router starts.
 */
let opening: { pathname: string; search: string } | undefined;

export function rememberOpeningUrl(): void {
  opening = { pathname: window.location.pathname, search: window.location.search };
}

/** The opening link's query as plain values, when the app was opened at `pathname`; else empty. */
export function openingSearchOf(pathname: string): Record<string, string> {
  if (opening?.pathname !== pathname) return {};
  return Object.fromEntries(new URLSearchParams(opening.search));
}
