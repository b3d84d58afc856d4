import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { createSecretBox, loadServerKey } from './secret-box';

describe('secret box', () => {
  it('opens what it sealed; another key or an altered value is refused', () => {
    const box = createSecretBox('a key of at least thirty-two characters!');
    const sealed = box.seal('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(sealed).not.toContain('GEZDGNBV');
    expect(box.seal('same')).not.toBe(box.seal('same'));
    expect(box.open(sealed)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(() => createSecretBox('another key of thirty-two characters!!').open(sealed)).toThrow();
    const [version, nonce, body = '', tag] = sealed.split('.');
    // The first character's six bits all count (the last one's may be padding).
    const altered = [version, nonce, `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`, tag].join('.');
    expect(() => box.open(altered)).toThrow();
  });

  it('keeps a generated key in DATA_DIR, readable by its owner only, the same on every start', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-key-'));
    try {
      const first = loadServerKey(undefined, dataDir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadServerKey(undefined, dataDir)).toBe(first);
      expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
      expect(loadServerKey('set by the operator, thirty-two chars', dataDir)).toBe(
        'set by the operator, thirty-two chars',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
