import { describe, expect, it } from 'vitest';

import { containsPattern } from './search';

describe('containsPattern', () => {
  it.each([
    ['coffee', '%coffee%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['C:\\temp', '%C:\\\\temp%'],
    ['(.*', '%(.*%'],
    ['\\%_', '%\\\\\\%\\_%'],
    ['', '%%'],
  ])('%j → %j', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});
