import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { WorkerMessage } from '~/lib/offline/messages';
import { pageChanged, REFRESH_AFTER_MS, watchOfflineStatus } from '~/lib/offline/offline-status';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { OfflineBanner } from './offline-banner';

const worker = new EventTarget();
const queryClient = new QueryClient();
let fetches = 0;

function fromWorker(message: WorkerMessage) {
  act(() => void worker.dispatchEvent(new MessageEvent('message', { data: message })));
}
function network(state: 'online' | 'offline') {
  act(() => void window.dispatchEvent(new Event(state)));
}
const at = (hours: number, minutes: number) => new Date(2026, 10, 26, hours, minutes).getTime();

beforeAll(() => {
  watchOfflineStatus(queryClient, worker);
});
afterEach(() => {
  network('online');
  cleanup();
  vi.useRealTimers();
});

describe('OfflineBanner', () => {
  it('says nothing online, and a return visit served from the device is refreshed from the network', async () => {
    vi.useFakeTimers({ now: at(9, 0), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const observer = new QueryObserver(queryClient, {
      queryKey: ['summary'],
      queryFn: () => ++fetches,
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    render(<OfflineBanner />);
    fromWorker({ type: 'served-from-device', storedAt: at(8, 0), offline: false });
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_AFTER_MS));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(2));
    unsubscribe();
  });

  it('offline, tells when the data on screen was stored (the oldest of it)', () => {
    vi.useFakeTimers({ now: at(15, 0), toFake: ['Date'] });
    render(<OfflineBanner />);
    network('offline');
    expect(screen.getByRole('status').textContent).toContain(
      'Offline — only pages opened before on this device can show their data.',
    );
    fromWorker({ type: 'served-from-device', storedAt: at(14, 5), offline: true });
    fromWorker({ type: 'served-from-device', storedAt: at(13, 7), offline: true });
    const shown = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(
      at(13, 7),
    );
    expect(screen.getByRole('status').textContent).toContain(`Offline — showing data from ${shown}.`);
    network('online');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says plainly when a page was never opened on this device, until another page is opened', () => {
    render(<OfflineBanner />);
    fromWorker({ type: 'served-from-device', storedAt: Date.now(), offline: true });
    fromWorker({ type: 'not-on-device' });
    expect(screen.getByRole('status').textContent).toContain(
      'Offline — this page has not been opened on this device before, so it has nothing to show until you are back online.',
    );
    act(pageChanged);
    expect(screen.getByRole('status').textContent).toContain('Offline — showing data from');
  });
});
