import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { fetchReferenceRates } from '../../src/modules/rates/fetch';
import { fetchReferenceRatesJob } from '../../src/modules/rates/job';
import { listRates, rateOn } from '../../src/modules/rates/service';
import { createTestDeps, seedUser } from '../helpers';

const deps = createTestDeps();
const { user } = await seedUser(deps);

/** The ECB's daily file format, for a day of 1982 that no other test uses. */
function dailyXml(day: string, usd: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${day}'>
\t\t\t<Cube currency='USD' rate='${usd}'/>
\t\t\t<Cube currency='JPY' rate='161.5'/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
}

/** A local HTTP server answering every request with `answer` (what the configured RATES_URL would be). */
async function serve(answer: (response: http.ServerResponse) => void) {
  const server = http.createServer((_request, response) => answer(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-daily.xml`, server };
}

const usdOn = (day: string) => rateOn(deps, { userId: user.id, base: 'EUR', quote: 'USD', day });
const runJob = (url: string) =>
  fetchReferenceRatesJob.handle({ ...deps, exchangeRates: { url, timeoutMs: 500 } }, {});

describe('the daily fetch of the ECB reference rates', () => {
  it('stores the day’s rates from the configured address, for every user; twice changes nothing', async () => {
    const { url } = await serve((response) => {
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.end(dailyXml('1982-06-04', '1.0405'));
    });
    await runJob(url);
    await runJob(url);
    expect(await usdOn('1982-06-06')).toEqual({
      date: '1982-06-04',
      base: 'EUR',
      quote: 'USD',
      rate: '1.0405',
      source: 'ecb',
    });
    const other = await seedUser(deps);
    expect(
      await rateOn(deps, { userId: other.user.id, base: 'USD', quote: 'JPY', day: '1982-06-04' }),
    ).toMatchObject({ rate: '155.2138395002', source: 'ecb' });
    const stored = (await listRates(deps, { userId: user.id, base: 'USD' })).rates.filter(
      (rate) => rate.date === '1982-06-04',
    );
    expect(stored).toHaveLength(1);
  });

  it('changes nothing and does not throw when the server is down, slow, failing or sends another file', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A week after the stored 4 June: that rate is still in force (at most 14 days old), and a failed fetch
    // that stored the 11th's 9.99 would show here.
    const before = await usdOn('1982-06-11');
    // Down: a port where nothing listens any more.
    const closed = await serve(() => {});
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const slow = await serve((response) => {
      setTimeout(() => response.end(dailyXml('1982-06-11', '9.99')), 3000).unref();
    });
    const failing = await serve((response) => {
      response.writeHead(503);
      response.end('maintenance');
    });
    const wrong = await serve((response) => response.end('<html><body>Moved</body></html>'));
    const cut = await serve((response) => response.end(dailyXml('1982-06-11', '9.99').slice(0, 400)));
    for (const { url } of [closed, slow, failing, wrong, cut]) {
      await expect(runJob(url)).resolves.toBeUndefined();
    }
    expect(await usdOn('1982-06-11')).toEqual(before);
    expect(before).toMatchObject({ date: '1982-06-04', rate: '1.0405' });
    // Each failure left one line in the log.
    expect(warn).toHaveBeenCalledTimes(5);
    warn.mockRestore();
  });

  it('fetches nothing when fetching is off (RATES_URL=off: no address in the deps)', async () => {
    expect(await fetchReferenceRates(deps)).toEqual({ status: 'off' });
    await expect(fetchReferenceRatesJob.handle(deps, {})).resolves.toBeUndefined();
  });
});
