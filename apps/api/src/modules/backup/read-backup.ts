import yauzl, { type Entry, type ZipFile } from 'yauzl';

import {
  BACKUP_FORMAT,
  BACKUP_LIMITS,
  BACKUP_MESSAGES,
  BACKUP_TABLES,
  BACKUP_TABLES_ADDED_LATER,
  BACKUP_VERSION,
  MANIFEST_FILE,
  RECEIPT_FILE_EXTENSIONS,
  RECEIPT_FOLDER,
  tableFile,
  type BackupContents,
  type BackupManifest,
} from './format';

/** `receipts/<id>.<extension>`, in one of the types a receipt may be uploaded as. */
const RECEIPT_FILE = new RegExp(
  String.raw`^receipts\/[0-9a-f-]{36}\.(${Object.values(RECEIPT_FILE_EXTENSIONS).join('|')})$`,
);

/** Why a zip was refused, as the user is told (the task answers it instead of throwing). */
export class BackupRefusal extends Error {}

/**
 * Reads an uploaded download (untrusted: this runs in a sandbox process). Refuses anything but our zip
 * layout, and stops at the limits before inflating past them, whatever sizes the zip claims.
 */
export async function readBackup(bytes: Uint8Array): Promise<BackupContents> {
  const zip = await openZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const files = new Map<string, Buffer>();
  let unpacked = 0;
  let count = 0;
  try {
    for await (const entry of entries(zip)) {
      count += 1;
      if (count > BACKUP_LIMITS.entries) throw new BackupRefusal(BACKUP_MESSAGES.tooBig);
      if (entry.fileName.endsWith('/')) continue;
      if (!wanted(entry.fileName)) continue;
      const declared = entry.uncompressedSize;
      if (declared > BACKUP_LIMITS.entryBytes || unpacked + declared > BACKUP_LIMITS.unpackedBytes)
        throw new BackupRefusal(BACKUP_MESSAGES.tooBig);
      if (
        entry.fileName.endsWith('.json') &&
        declared > BACKUP_LIMITS.ratio * Math.max(entry.compressedSize, 1024)
      )
        throw new BackupRefusal(BACKUP_MESSAGES.tooBig);
      const content = await readEntry(zip, entry);
      unpacked += content.length;
      files.set(entry.fileName, content);
    }
  } finally {
    zip.close();
  }
  return parseContents(files);
}

function wanted(name: string) {
  return (
    name === MANIFEST_FILE ||
    BACKUP_TABLES.some((table) => name === tableFile(table)) ||
    RECEIPT_FILE.test(name)
  );
}

function parseContents(files: Map<string, Buffer>): BackupContents {
  const manifestBytes = files.get(MANIFEST_FILE);
  if (!manifestBytes) throw new BackupRefusal(BACKUP_MESSAGES.notABackup);
  const manifest = parseJson(manifestBytes) as Partial<BackupManifest> | undefined;
  if (!isObject(manifest) || manifest.format !== BACKUP_FORMAT)
    throw new BackupRefusal(BACKUP_MESSAGES.notABackup);
  if (typeof manifest.version !== 'number' || manifest.version > BACKUP_VERSION)
    throw new BackupRefusal(BACKUP_MESSAGES.newerVersion);
  if (!isObject(manifest.user) || !isObject(manifest.counts))
    throw new BackupRefusal(BACKUP_MESSAGES.damaged);

  const tables = {} as BackupContents['tables'];
  for (const table of BACKUP_TABLES) {
    const content = files.get(tableFile(table));
    if (!content && BACKUP_TABLES_ADDED_LATER.has(table) && manifest.counts[table] === undefined) {
      tables[table] = [];
      continue;
    }
    const rows = content ? parseJson(content) : undefined;
    if (!Array.isArray(rows) || !rows.every(isObject) || rows.length !== manifest.counts[table])
      throw new BackupRefusal(BACKUP_MESSAGES.damaged);
    tables[table] = rows;
  }
  const receiptFiles: Record<string, Uint8Array> = {};
  for (const [name, content] of files) {
    if (name.startsWith(RECEIPT_FOLDER)) receiptFiles[name.slice(RECEIPT_FOLDER.length)] = content;
  }
  return { manifest: manifest as BackupManifest, tables, receiptFiles };
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupRefusal(BACKUP_MESSAGES.damaged);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes: yauzl fails an entry that inflates to more than it declares (a lying bomb).
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => {
        if (error || !zip) reject(new BackupRefusal(BACKUP_MESSAGES.notABackup));
        else resolve(zip);
      },
    );
  });
}

async function* entries(zip: ZipFile): AsyncGenerator<Entry> {
  for (;;) {
    const entry = await new Promise<Entry | undefined>((resolve, reject) => {
      const onEntry = (found: Entry) => {
        cleanup();
        resolve(found);
      };
      const onEnd = () => {
        cleanup();
        resolve(undefined);
      };
      const onError = () => {
        cleanup();
        reject(new BackupRefusal(BACKUP_MESSAGES.damaged));
      };
      const cleanup = () => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
      };
      zip.on('entry', onEntry);
      zip.on('end', onEnd);
      zip.on('error', onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new BackupRefusal(BACKUP_MESSAGES.damaged));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Counted as it inflates: past the limit it stops, whatever the entry declared.
        if (size > BACKUP_LIMITS.entryBytes) {
          stream.destroy();
          reject(new BackupRefusal(BACKUP_MESSAGES.tooBig));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', () => reject(new BackupRefusal(BACKUP_MESSAGES.damaged)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
