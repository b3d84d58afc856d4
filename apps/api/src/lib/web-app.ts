import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Files Vite names by content hash: a changed file gets a new name, so browsers may keep one for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML and unhashed files (favicons): kept, but asked again (a cheap 304) before each use. */
export const REVALIDATE = 'no-cache';

type Encoding = 'br' | 'gzip';

/** An HTML document with the compressed copies the build made beside it (`.br`, `.gz`), in memory. */
type Document = { identity: Buffer } & Partial<Record<Encoding, Buffer>>;

export type WebApp = {
  /** The app shell (dist/index.html): client routes without prerendered HTML start from it. */
  shell: string;
  /** Every HTML document served, for the CSP hashes of their inline scripts. */
  html: string[];
};

/**
 * Reads the built web app (apps/web/dist): the shell and the pages prerendered at build time
 * (dist/pages/<route>.html, `index` for `/`). Undefined when the app was not built.
 */
export function readWebApp(
  webDist: string | undefined,
): (WebApp & { pages: Map<string, Document> }) | undefined {
  const shellPath = webDist ? path.join(webDist, 'index.html') : undefined;
  if (!webDist || !shellPath || !fs.existsSync(shellPath)) return undefined;
  const pages = new Map<string, Document>([['*', readDocument(shellPath)]]);
  const pagesDir = path.join(webDist, 'pages');
  if (fs.existsSync(pagesDir)) {
    for (const file of fs.readdirSync(pagesDir).filter((name) => name.endsWith('.html'))) {
      const name = file.slice(0, -'.html'.length);
      pages.set(name === 'index' ? '/' : `/${name}`, readDocument(path.join(pagesDir, file)));
    }
  }
  return {
    shell: fs.readFileSync(shellPath, 'utf8'),
    html: [...pages.values()].map((document) => document.identity.toString('utf8')),
    pages,
  };
}

function readDocument(file: string): Document {
  const read = (suffix: string) =>
    fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined;
  const document: Document = { identity: fs.readFileSync(file) };
  const br = read('.br');
  const gzip = read('.gz');
  if (br) document.br = br;
  if (gzip) document.gzip = gzip;
  return document;
}

/**
 * Serves the built app: hashed assets precompressed (brotli or gzip, as the browser accepts) and cached
 * for a year; every other GET is a page, prerendered HTML when the build made one, else the shell.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDist: string,
  pages: Map<string, Document>,
  { serviceWorker }: { serviceWorker: boolean } = { serviceWorker: true },
) {
  const killSwitch = path.join(webDist, 'sw-kill-switch.js');
  if (!serviceWorker && fs.existsSync(killSwitch)) {
    // The worker's address answers with the kill switch: a browser checks it on every visit and replaces
    // a faulty worker with it, whatever that worker stored.
    // (A hook, as the static files below each have a route of their own, sw.js among them.)
    const script = fs.readFileSync(killSwitch);
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || request.url.split('?')[0] !== '/sw.js') return;
      return reply.type('text/javascript; charset=utf-8').header('cache-control', REVALIDATE).send(script);
    });
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
    },
  });
  // Client-side routes (/dashboard, /login, …) load a page; the router takes over from there.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: 'Not found' });
    }
    const pathname = request.url.split('?')[0]?.replace(/(.)\/+$/, '$1') ?? '/';
    return sendDocument(request, reply, pages.get(pathname) ?? pages.get('*'));
  });
}

function sendDocument(request: FastifyRequest, reply: FastifyReply, document: Document | undefined) {
  if (!document) return reply.status(404).send({ message: 'Not found' });
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const body = (encoding && document[encoding]) || document.identity;
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', REVALIDATE)
    .header('vary', 'accept-encoding');
  if (body !== document.identity && encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

/** br when the browser takes it, else gzip, else none (a `;q=0` refuses an encoding). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
