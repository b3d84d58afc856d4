import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test/fixtures/imports',
);

/** A statement file written for the tests from the format's published examples, as bytes. */
export function fixtureBytes(name: string): Buffer {
  return fs.readFileSync(path.join(FOLDER, name));
}
