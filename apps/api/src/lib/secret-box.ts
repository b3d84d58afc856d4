import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Seals small secrets kept in the database (two-factor secrets) with the server's key: AES-256-GCM, a fresh
 * 12-byte nonce per value, stored as `v1.<nonce>.<ciphertext>.<tag>` (base64url). A copy of the database
 * (a backup, a dump sent for support) then holds no usable secret; whoever also has the key has the server.
 */
export type SecretBox = {
  seal: (plain: string) => string;
  /** Throws when the value was sealed with another key or altered. */
  open: (sealed: string) => string;
};

export function createSecretBox(key: string | Buffer): SecretBox {
  // Any length of key text becomes the 32 bytes AES-256 needs; a random key file is already 32 bytes of text.
  const aesKey = createHash('sha256').update(key).digest();
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, nonce, body, tag] = sealed.split('.');
      if (version !== 'v1' || nonce === undefined || body === undefined || tag === undefined) {
        throw new Error('Not a sealed value.');
      }
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * The server key: SECRET_KEY when the operator sets one (several servers sharing a database must share it),
 * otherwise a random key created once in DATA_DIR/secret.key (readable by its owner only) and read from
 * there on. Losing it makes two-factor secrets unreadable: those users sign in with a recovery code.
 */
export function loadServerKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole under another name, then linked into place: link fails if the file exists, so two
    // processes starting together keep one key, and neither ever reads a half-written file.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}
