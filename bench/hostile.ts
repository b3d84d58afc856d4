// What one user's hostile files and requests cost everyone else: the real server (as `npm start` runs it,
// embedded PostgreSQL, jobs on, PaddleOCR) while an attacker repeats one attack for ATTACK_SECONDS and a
// bystander lists their transactions back to back. Prints the bystander's latency (p50, p95, max) with no
// attack and under each one, and how the attacker's requests were answered. Run with nothing else on the
// machine: `npm run bench:hostile` at the repository root. The test suite checks the same attacks with
// generous bounds (apps/api/test/fuzz/hostile-files.test.ts); the figures belong here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer, stopServer } from '../apps/api/test/faults/server-process';
import { emptyPng, pdfOfDrawing, pngWithBrokenData } from '../apps/api/test/fuzz/hostile-files';
import { multipartBody } from '../apps/api/test/multipart';

const ATTACK_SECONDS = Number(process.env.ATTACK_SECONDS ?? 15);
const scan = fs.readFileSync(
  path.join(import.meta.dirname, '../apps/api/test/fixtures/receipts/receipt.jpg'),
);

type Server = Awaited<ReturnType<typeof startServer>>;
type Attack = {
  name: string;
  setUp?: (s: Session) => Promise<void>;
  once: (s: Session) => Promise<number[]>;
};
type Session = { server: Server; attacker: string; bystander: string };

// Made once, before any measuring: making them (deflating 300 MB) would stall this process's own timing.
const files = {
  emptyPng: emptyPng(),
  crashingPng: pngWithBrokenData(),
  pdfBomb: pdfOfDrawing(10),
  pdfSlow: pdfOfDrawing(6),
  /** 100,000 rows whose payee is a long run of "a": the slow pattern backtracks on each. */
  bigCsv: Buffer.from(
    'Date,Description,Amount\n' +
      Array.from(
        { length: 100_000 },
        (_, n) => `2025-0${1 + (n % 9)}-1${n % 10},${'a'.repeat(40)} ${n},-${1 + (n % 500)}.25`,
      ).join('\n'),
  ),
};

const attacks: Attack[] = [
  {
    name: 'image with no pixels (refused at upload)',
    once: async (s) => [await uploadStatus(s, 'receipt', files.emptyPng, 'image/png')],
  },
  {
    name: 'image that crashes the decoder (read, fails alone)',
    once: async (s) => [await uploadStatus(s, 'receipt', files.crashingPng, 'image/png')],
  },
  {
    name: 'PDF of 10 MB of drawing in 25 KB (refused at upload)',
    once: async (s) => [await uploadStatus(s, 'receipt', files.pdfBomb, 'application/pdf')],
  },
  {
    name: 'PDF of 6 MB of drawing (within bounds: drawn in a sandbox)',
    once: async (s) => [await uploadStatus(s, 'receipt', files.pdfSlow, 'application/pdf')],
  },
  {
    name: '12 receipt uploads at once',
    once: async (s) =>
      Promise.all(Array.from({ length: 12 }, () => uploadStatus(s, 'receipt', scan, 'image/jpeg'))),
  },
  {
    name: 'preview of a 100,000-row CSV',
    once: async (s) => [await uploadStatus(s, 'file', files.bigCsv, 'text/csv', '/api/imports/preview')],
  },
  {
    name: 'rule a*a*…a*b checked 10 at once over 100,000 rows',
    setUp: async (s) => {
      await uploadStatus(s, 'file', files.bigCsv, 'text/csv', '/api/imports');
      await json(s.server, 'POST', '/trpc/importRules.create', s.attacker, {
        match: 'regex',
        pattern: `${'a*'.repeat(30)}b`,
        setCategory: 'Food',
      });
    },
    once: async (s) =>
      Promise.all(
        Array.from({ length: 10 }, async () => {
          const response = await fetch(`${s.server.base}/trpc/importRules.previewChanges`, {
            headers: { authorization: s.attacker },
          });
          await response.arrayBuffer();
          return response.status;
        }),
      ),
  },
];

async function uploadStatus(
  s: Session,
  field: string,
  file: Buffer,
  type: string,
  url = '/api/receipts/upload',
) {
  const { payload, headers } = multipartBody(file, { field, type, filename: 'file' });
  const response = await fetch(`${s.server.base}${url}`, {
    method: 'POST',
    headers: { ...headers, authorization: s.attacker },
    body: new Uint8Array(payload),
  });
  await response.arrayBuffer();
  return response.status;
}

async function json(
  server: Server,
  method: string,
  url: string,
  authorization: string | undefined,
  body?: unknown,
) {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json() as Promise<Record<string, unknown>>;
}

async function signUp(server: Server) {
  const email = `hostile-${Math.random().toString(36).slice(2)}@paisable.dev`;
  const { token } = (await json(server, 'POST', '/api/auth/signup', undefined, {
    email,
    password: 'Secret#123',
  })) as {
    token: string;
  };
  await json(server, 'PUT', '/api/auth/setup', `Bearer ${token}`, { defaultCurrency: 'EUR' });
  return `Bearer ${token}`;
}

/** The bystander's request, back to back until `until`: each one's time in ms. */
async function bystanderWaits(s: Session, until: () => boolean) {
  const waits: number[] = [];
  while (!until()) {
    const started = performance.now();
    const response = await fetch(`${s.server.base}/api/transactions?page=1&limit=10`, {
      headers: { authorization: s.bystander },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the bystander got ${response.status}`);
    waits.push(performance.now() - started);
  }
  return waits;
}

function figures(waits: number[]) {
  const sorted = [...waits].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

async function measure(s: Session, attack?: Attack) {
  const end = Date.now() + ATTACK_SECONDS * 1000;
  const statuses = new Map<number, number>();
  let attacking = true;
  const attacker = (async () => {
    while (attack && Date.now() < end) {
      for (const status of await attack.once(s)) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    attacking = false;
  })();
  const waits = await bystanderWaits(s, () => Date.now() >= end && !attacking);
  await attacker;
  if (s.server.child.exitCode !== null) throw new Error(`the server died (exit ${s.server.child.exitCode})`);
  return {
    ...figures(waits),
    statuses: [...statuses].map(([status, count]) => `${count}× ${status}`).join(', '),
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-hostile-bench-'));
  const server = await startServer(dataDir, { LOG_LEVEL: 'warn' });
  try {
    const session: Session = { server, attacker: await signUp(server), bystander: await signUp(server) };
    const rows: string[] = [];
    const report = (name: string, result: Awaited<ReturnType<typeof measure>>) => {
      const ms = (value: number) => value.toFixed(1);
      const line = `| ${name} | ${result.n} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.max)} | ${result.statuses || '–'} |`;
      rows.push(line);
      console.log(line);
    };
    console.log(`Attacks of ${ATTACK_SECONDS} s each; the bystander lists 10 transactions back to back.\n`);
    console.log('| attack | bystander requests | p50 ms | p95 ms | max ms | attacker answered |');
    console.log('|---|---|---|---|---|---|');
    report('none', await measure(session));
    for (const attack of attacks) {
      await attack.setUp?.(session);
      report(attack.name, await measure(session, attack));
    }
    console.log(`\nThe server process stayed up through every attack (pid ${server.child.pid}).`);
  } finally {
    await stopServer(server.child, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
