/**
 * The browser benchmark (`npm run bench:web`): Debian's Chromium through Playwright on a phone profile
 * (390×844, Lighthouse's "slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower),
 * against the real server serving the built web app as `npm start` does. Each page is opened with an
 * empty cache; it prints the largest contentful paint, the time until the page's data shows, bytes and
 * requests, and writes bench/results/web.json.
 *
 * Signed-in pages are also measured on a return visit (the service worker installed and the page seen
 * once: `repeat`) and with no network at all (`offline`), printed beside the first visit with min/median/max.
 *
 * Settings (environment): BENCH_WEB_RUNS (cold loads per page, the median is reported; default 3),
 * BENCH_WEB_VISITS (which visits, default `first,repeat,offline`), BENCH_WEB_PAGES (page names, default all),
 * BENCH_WEB_SKIP_BUILD=1 (use apps/web/dist as it is), BENCH_WEB_PORT (default: a free port),
 * BENCH_WEB_TRANSACTIONS (default 120), BENCH_WEB_TIMELINE=1 (print each load's requests with their start and end),
 * BENCH_WEB_PROFILE=1 (print where the page's main thread spent its time until its data showed; a directory
 * instead of 1 also writes each load's `<page>-<visit>-<n>.cpuprofile` there, for Chromium's DevTools).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

import { createPaisableClient } from '@paisable/client';

import { findFreePort } from '../apps/api/src/lib/free-port';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const log = (message: string) => console.log(`[bench:web] ${message}`);
const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const transactionCount = Number(process.env.BENCH_WEB_TRANSACTIONS ?? 120);
type Visit = 'first' | 'repeat' | 'offline';
const visits = (process.env.BENCH_WEB_VISITS ?? 'first,repeat,offline').split(',') as Visit[];
const pageNames = process.env.BENCH_WEB_PAGES?.split(',');

/** Lighthouse's mobile "slow 4G" (its simulated throttling figures, applied here by Chromium itself). */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 390, height: 844 };

type PageSpec = {
  name: string;
  path: string;
  signedIn: boolean;
  /** An element that exists once the page shows its content or data. */
  ready: string;
};

const PAGES: PageSpec[] = [
  { name: 'landing', path: '/', signedIn: false, ready: 'h1' },
  { name: 'login', path: '/login', signedIn: false, ready: 'form input[type="email"]' },
  {
    name: 'dashboard',
    path: '/dashboard',
    signedIn: true,
    // The recent list's rows (its placeholders are <li> without a name paragraph).
    ready: '[aria-labelledby="recent-transactions-title"] li p.truncate',
  },
  { name: 'transactions', path: '/transactions', signedIn: true, ready: '[title^="Bench item"]' },
  // The first report's chart, drawn once its months arrived (its chart code loads beside them).
  { name: 'reports', path: '/reports', signedIn: true, ready: '[role="region"] svg[role="img"]' },
];

type Sample = {
  lcpMs: number;
  dataMs: number;
  bytes: number;
  requests: number;
  scriptBytes: number;
  scripts: number;
  /** First visit: what the service worker downloaded for itself (its precache), and when it took over. */
  workerBytes: number;
  workerFiles: number;
  workerReadyMs: number;
};

async function main() {
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1') {
    log('building the web app');
    // The pnpm scripts/bootstrap.sh installs: `npm run bench:web` does not put it on the PATH.
    const pnpm = path.join(root, '.tools/bin/pnpm');
    await run(fs.existsSync(pnpm) ? pnpm : 'pnpm', ['--filter', '@paisable/web', 'build'], root);
  }
  const port = Number(process.env.BENCH_WEB_PORT ?? (await findFreePort()));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-bench-web-'));
  const server = startServer(port, dataDir);
  let browser: Browser | undefined;
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForHealth(origin);
    const token = await seedUser(origin);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const results: Record<string, Sample & { runs: Sample[] }> = {};
    for (const spec of PAGES.filter((page) => !pageNames || pageNames.includes(page.name))) {
      // One unmeasured load first, so the server's own first-request work is not counted.
      await measure(browser, origin, spec, token, 'first');
      for (const visit of visits) {
        // A return visit needs a session whose data the worker stored: the signed-in pages.
        if (visit !== 'first' && !spec.signedIn) continue;
        const samples: Sample[] = [];
        for (let i = 0; i < runs; i++) samples.push(await measure(browser, origin, spec, token, visit));
        const name = visit === 'first' ? spec.name : `${spec.name} (${visit})`;
        results[name] = { ...medianOf(samples), runs: samples };
        printRow(name, results[name]);
      }
    }
    const load = os.loadavg().map((value) => Number(value.toFixed(2)));
    const output = {
      date: new Date().toISOString(),
      profile: { viewport: VIEWPORT, network: NETWORK, cpuSlowdown: CPU_SLOWDOWN, runs },
      loadAverage: load,
      pages: results,
    };
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(path.join(here, 'results/web.json'), `${JSON.stringify(output, null, 2)}\n`);
    log(`load average during the run: ${load.join(' ')} (figures above ~2 on 2 cores are "under load")`);
    log('wrote bench/results/web.json');
  } finally {
    await browser?.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One load of a page in a fresh browser context; times are from navigation start. `first`: an empty cache.
 * `repeat` and `offline`: the page was opened before without throttling (the service worker installed,
 * then a second load stored the page's data), and is opened again on the phone profile, or with no network.
 */
async function measure(
  browser: Browser,
  origin: string,
  spec: PageSpec,
  token: string,
  visit: Visit,
): Promise<Sample> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    // A string, not a function: tsx would wrap a function's inner names in helpers the page lacks.
    await page.addInitScript(`
      ${spec.signedIn ? `localStorage.setItem('token', ${JSON.stringify(token)});` : ''}
      // Renewed just now: the app would otherwise trade the seeded token for a new one on its first load,
      // and the seeded one (set again by this script on every load) stops working a minute later.
      ${spec.signedIn ? `localStorage.setItem('tokenRenewedAt', String(Date.now()));` : ''}
      const marks = (window.__bench = { lcp: 0, data: 0 });
      let dataShown;
      window.__benchDataShown = new Promise((resolve) => (dataShown = resolve));
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) marks.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      const check = () => {
        if (!marks.data && document.querySelector(${JSON.stringify(spec.ready)})) {
          marks.data = performance.now();
          dataShown();
        }
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    `);
    if (visit !== 'first') {
      await page.goto(`${origin}${spec.path}`, { waitUntil: 'load', timeout: 60_000 });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload({ waitUntil: 'networkidle', timeout: 60_000 });
      if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
        throw new Error(`${spec.name}: the service worker does not control the page on a return visit`);
      if (visit === 'offline') await context.setOffline(true);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', { ...NETWORK, offline: visit === 'offline' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let bytes = 0;
    let requests = 0;
    let scriptBytes = 0;
    let scripts = 0;
    const scriptIds = new Set<string>();
    cdp.on('Network.requestWillBeSent', () => requests++);
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scriptIds.add(event.requestId);
    });
    // The worker's own downloads are not the page's: Playwright reports them on the context.
    // (The network emulation above is the page's, so these are not throttled: their bytes count, their time not.)
    let workerBytes = 0;
    let workerFiles = 0;
    context.on('requestfinished', (request) => {
      if (!request.serviceWorker()) return;
      workerFiles++;
      void request
        .sizes()
        .then((sizes) => (workerBytes += sizes.responseBodySize + sizes.responseHeadersSize));
    });
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      if (scriptIds.has(event.requestId)) {
        scriptBytes += event.encodedDataLength;
        scripts++;
      }
    });
    const profiling = Boolean(process.env.BENCH_WEB_PROFILE);
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${origin}${spec.path}`, { waitUntil: 'load', timeout: 60_000 });
    // Awaits the page's own MutationObserver: a locator would poll the page on every animation frame,
    // and on a CPU slowed 4× that polling took a third of the main thread while the page rendered.
    await withTimeout(
      page.evaluate(() => (window as unknown as { __benchDataShown: Promise<void> }).__benchDataShown),
      60_000,
      `${spec.name}: its data did not show within 60 s`,
    );
    // Whatever the page still fetches after its data (charts, prefetches) counts in bytes and requests.
    if (visit !== 'offline') await page.waitForLoadState('networkidle', { timeout: 60_000 });
    // A first visit ends when the worker has installed (it registers once the page is quiet, within 30 s).
    const workerReadyMs =
      visit === 'first' && spec.signedIn
        ? await withTimeout(
            page.evaluate(() => navigator.serviceWorker.ready.then(() => Math.round(performance.now()))),
            60_000,
            `${spec.name}: the service worker was not ready within 60 s`,
          ).catch(() => 0)
        : 0;
    if (workerReadyMs) await page.waitForTimeout(500);
    const marks = await page.evaluate(
      () => (window as unknown as { __bench: { lcp: number; data: number } }).__bench,
    );
    if (process.env.BENCH_WEB_TIMELINE === '1') await printTimeline(page, spec.name, visit, marks.data);
    if (profiling) {
      const { profile } = await cdp.send('Profiler.stop');
      printProfile(spec.name, visit, profile);
      const profileDir = process.env.BENCH_WEB_PROFILE;
      if (profileDir && profileDir !== '1') {
        fs.mkdirSync(profileDir, { recursive: true });
        const file = path.join(profileDir, `${spec.name}-${visit}-${(profileCount += 1)}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
      }
    }
    if (!new URL(page.url()).pathname.startsWith(spec.path))
      throw new Error(`${spec.name}: ended on ${page.url()} instead of ${spec.path}`);
    return {
      lcpMs: Math.round(marks.lcp),
      dataMs: Math.round(marks.data),
      bytes,
      requests,
      scriptBytes,
      scripts,
      workerBytes,
      workerFiles,
      workerReadyMs,
    };
  } finally {
    await context.close();
  }
}

/** BENCH_WEB_TIMELINE=1: each request of the load with its start and end, to see what waits on what. */
async function printTimeline(page: Page, name: string, visit: Visit, dataMs: number) {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name,
      start: Math.round(entry.startTime),
      end: Math.round((entry as PerformanceResourceTiming).responseEnd),
    })),
  );
  log(`${name} (${visit}) timeline, data shown at ${Math.round(dataMs)} ms:`);
  for (const entry of entries) {
    const url = new URL(entry.name);
    log(
      `  ${String(entry.start).padStart(5)}–${String(entry.end).padEnd(5)} ${url.pathname}${url.search.slice(0, 60)}`,
    );
  }
}

/** Numbers the profiles written, so that each load's file is its own. */
let profileCount = 0;

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** BENCH_WEB_PROFILE=1: where the page's main thread spent its time until the data showed (self time). */
function printProfile(name: string, visit: Visit, profile: CpuProfile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfMs = new Map<string, number>();
  const byFile = new Map<string, number>();
  (profile.samples ?? []).forEach((nodeId, index) => {
    const frame = byNode.get(nodeId);
    const ms = (profile.timeDeltas?.[index] ?? 0) / 1000;
    if (!frame) return;
    const file = frame.url ? new URL(frame.url, 'http://x').pathname : `(${frame.functionName || 'native'})`;
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  log(`${name} (${visit}) main thread until the data showed, self time by file:`);
  for (const [file, ms] of top(byFile, 12)) log(`  ${ms.toFixed(0).padStart(6)} ms ${file}`);
  log('  by function:');
  for (const [key, ms] of top(selfMs, 15)) log(`  ${ms.toFixed(0).padStart(6)} ms ${key}`);
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function medianOf(samples: Sample[]): Sample {
  const median = (key: keyof Sample) => {
    const sorted = samples.map((sample) => sample[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return {
    lcpMs: median('lcpMs'),
    dataMs: median('dataMs'),
    bytes: median('bytes'),
    requests: median('requests'),
    scriptBytes: median('scriptBytes'),
    scripts: median('scripts'),
    workerBytes: median('workerBytes'),
    workerFiles: median('workerFiles'),
    workerReadyMs: median('workerReadyMs'),
  };
}

function printRow(name: string, sample: Sample & { runs: Sample[] }) {
  const kb = (value: number) => `${(value / 1024).toFixed(0)} KB`;
  const data = sample.runs.map((run) => run.dataMs);
  log(
    `${name.padEnd(24)} LCP ${String(sample.lcpMs).padStart(5)} ms · data ${String(sample.dataMs).padStart(5)} ms ` +
      `(min ${Math.min(...data)}, max ${Math.max(...data)}) · ` +
      `${kb(sample.bytes)} in ${sample.requests} requests (JS ${kb(sample.scriptBytes)} in ${sample.scripts} files)` +
      (sample.workerFiles
        ? ` · worker ${kb(sample.workerBytes)} in ${sample.workerFiles} files, ready at ${sample.workerReadyMs} ms`
        : ''),
  );
}

/** A user who finished setup, with `transactionCount` transactions over the last months. */
async function seedUser(origin: string): Promise<string> {
  const anonymous = createPaisableClient({ url: origin });
  const { token } = await anonymous.auth.signup.mutate({
    email: `web-${Date.now()}@bench.paisable.test`,
    password: 'Bench#Secret123',
  });
  const client = createPaisableClient({ url: origin, token });
  await client.auth.setup.mutate({ defaultCurrency: 'USD' });
  const categories = ['Groceries', 'Bills', 'Subscriptions', 'Transportation', 'Entertainment'];
  const today = new Date();
  const creates = Array.from({ length: transactionCount }, (_, index) => {
    const day = new Date(today.getTime() - index * 36 * 3600 * 1000).toISOString().slice(0, 10);
    const income = index % 12 === 0;
    return client.transactions.create.mutate({
      name: `Bench item ${index + 1}`,
      category: income ? 'Salary' : (categories[index % categories.length] ?? 'Groceries'),
      amount: income ? 250_000 : 1_000 + ((index * 737) % 9_000),
      isIncome: income,
      date: day,
    });
  });
  await Promise.all(creates);
  log(`seeded a user with ${transactionCount} transactions`);
  return token;
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'apps/api'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RUN_JOBS: 'false',
    },
  });
}

async function waitForHealth(origin: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 90 s');
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
