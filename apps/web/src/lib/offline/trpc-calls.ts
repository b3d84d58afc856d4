/** One tRPC call of a GET request, and the address its answer is stored under on the device. */
export type StoredCall = { path: string; key: string };

/**
 * The calls of a tRPC GET (`/trpc/a,b?batch=1&input={"0":…,"1":…}`), each keyed as if asked alone
 * (`/trpc/a?input=…`): the page's first calls go out one by one (index.html), later ones in batches that
 * group them differently from visit to visit, and an answer stored either way serves both.
 * Undefined when the address is not a tRPC call the worker can read.
 */
export function callsOf(url: URL): StoredCall[] | undefined {
  if (!url.pathname.startsWith('/trpc/')) return undefined;
  const paths = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
  if (paths.some((path) => !/^[\w.-]+$/.test(path))) return undefined;
  const batch = url.searchParams.get('batch') === '1';
  const rawInput = url.searchParams.get('input');
  let inputs: Record<string, unknown>;
  try {
    const parsed: unknown = rawInput === null ? undefined : JSON.parse(rawInput);
    if (batch && parsed !== undefined && (typeof parsed !== 'object' || parsed === null)) return undefined;
    inputs = batch ? ((parsed ?? {}) as Record<string, unknown>) : { 0: parsed };
  } catch {
    return undefined;
  }
  return paths.map((path, index) => {
    const input = inputs[index];
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return { path, key: `${url.origin}/trpc/${path}${query}` };
  });
}
