import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are opaque and generated here, so no client-supplied name ever
 * reaches the file system. A local folder by default; an S3-compatible bucket can implement the same.
 */
export type FileStorage = {
  /** Stores the bytes under a new key in the owner's space and returns that key. */
  put: (ownerId: string, bytes: Buffer, extension: string) => Promise<string>;
  get: (key: string) => Promise<Buffer>;
  remove: (key: string) => Promise<void>;
  /** Removes every file of one owner (account deletion). */
  removeOwner: (ownerId: string) => Promise<void>;
};

const SAFE_SEGMENT = /^[0-9a-f-]{36}$/;

/** Files under `<root>/<ownerId>/<uuid>.<ext>`, readable only by the server process (mode 0600). */
export function createLocalFileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const [owner, file] = key.split('/');
    if (!owner || !file || !SAFE_SEGMENT.test(owner) || !/^[0-9a-f-]{36}\.[a-z]{3,4}$/.test(file)) {
      throw new Error(`Invalid file key: ${key}`);
    }
    return path.join(root, owner, file);
  };
  return {
    async put(ownerId, bytes, extension) {
      if (!SAFE_SEGMENT.test(ownerId)) throw new Error('Invalid owner id');
      const key = `${ownerId}/${randomUUID()}.${extension}`;
      await fs.mkdir(path.join(root, ownerId), { recursive: true, mode: 0o700 });
      await fs.writeFile(resolve(key), bytes, { mode: 0o600 });
      return key;
    },
    get: (key) => fs.readFile(resolve(key)),
    remove: (key) => fs.rm(resolve(key), { force: true }),
    async removeOwner(ownerId) {
      if (!SAFE_SEGMENT.test(ownerId)) throw new Error('Invalid owner id');
      await fs.rm(path.join(root, ownerId), { recursive: true, force: true });
    },
  };
}
