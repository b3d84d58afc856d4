import 'fake-indexeddb/auto';

import { cleanup, render, screen } from '@testing-library/react';
import { clearQueue, queueChange } from '~/lib/offline/outbox';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PendingTotalsNote } from './pending-totals-note';

afterEach(async () => {
  cleanup();
  await clearQueue();
});

describe('PendingTotalsNote', () => {
  it('says nothing while nothing waits on the device', () => {
    render(<PendingTotalsNote />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('counts the changes left out of the totals, and follows the queue', async () => {
    render(<PendingTotalsNote what="Totals and exports" />);
    await queueChange({ kind: 'create', input: { name: 'Kiosk', category: 'Food', amount: '3' } }, 'me');
    expect((await screen.findByRole('note')).textContent).toBe(
      'Totals and exports leave out 1 change waiting to be sent.',
    );
    await queueChange({ kind: 'delete', input: { id: 'r1' } }, 'me');
    await screen.findByText('Totals and exports leave out 2 changes waiting to be sent.');
    await clearQueue();
    await vi.waitFor(() => expect(screen.queryByRole('note')).toBeNull());
  });
});
