import { describe, expect, it } from 'vitest';

import { isDroppedConnection } from './dropped-connection';

describe('isDroppedConnection', () => {
  it('recognises a connection cut under a query, and nothing else', () => {
    const closed = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), {
      code: 'CONNECTION_CLOSED',
    });
    const terminated = Object.assign(new Error('terminating connection due to unexpected postmaster exit'), {
      code: '57P01',
    });
    expect(isDroppedConnection(closed)).toBe(true);
    expect(isDroppedConnection(terminated)).toBe(true);
    expect(isDroppedConnection(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDroppedConnection(new TypeError('x is undefined'))).toBe(false);
    expect(isDroppedConnection('CONNECTION_CLOSED')).toBe(false);
  });
});
