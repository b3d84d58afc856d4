import net from 'node:net';

/**
 * Which X-Forwarded-For entries to believe: none, the last `hops` (the proxies in front of us each append
 * the address they saw), or those appended by the listed proxy addresses (IPs or CIDR ranges). Never
 * "all": then the left-most entry, which the client writes itself, would be its address, and every
 * per-address limit would fall.
 */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_EVERYTHING_REFUSED =
  'TRUST_PROXY=true would let every client choose its own address. Give the number of proxies in front ' +
  'of the server (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.2,192.168.1.0/24).';

/** Reads TRUST_PROXY: empty/false/0, a hop count 1–10, or a comma-separated list of IPs and CIDR ranges. */
export function parseTrustProxy(value: string): TrustProxy | { problem: string } {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return { problem: TRUST_PROXY_EVERYTHING_REFUSED };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? hops : { problem: 'TRUST_PROXY: a hop count is at most 10.' };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    return { problem: `TRUST_PROXY: "${wrong}" is not an IP address or a CIDR range (like 10.0.0.0/8).` };
  }
  return entries;
}

function isAddressOrRange(entry: string) {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's form: a list of addresses as it is; a hop count as a function trusting that many hops from the
 * socket (Fastify itself ignores a bare count). A count assumes the server is reachable only through the
 * proxies; where it is not, list their addresses instead.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
