import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { ImportError } from './errors';
import { fixtureBytes } from './formats/fixture';
import { parseStatementFile } from './parse';

/**
 * Real statement files of banks and other parsers' fixtures (test/fixtures/imports/corpus, sources and
 * licences in its MANIFEST.json), each with the rows, signed sum and balances it must import to. The
 * expected values were written down from the files themselves (counted and summed by reading them,
 * and checked against the balances the files state), never copied from this parser's output.
 */
type Expected =
  | { refused: string }
  | {
      accounts: { rows: number; sum: number; opening?: number; closing?: number }[];
      problems: number;
    };

type Entry = {
  file: string;
  format: string;
  dialect: string;
  source: { repository: string; path: string; commit: string; licence: string };
  expect: Expected;
};

const manifest = JSON.parse(fixtureBytes('corpus/MANIFEST.json').toString('utf8')) as { files: Entry[] };

/** SWIFT's "no reference" and IBANs identify no transaction: they must never become a bank id. */
const NOT_AN_ID = /^(NONREF|NOTPROVIDED)$|^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

describe('the corpus of real statement files', () => {
  it('lists every file of the corpus folder, each with its source and licence', () => {
    const folder = path.dirname(
      path.resolve(
        path.dirname(new URL(import.meta.url).pathname),
        '../../../test/fixtures/imports/corpus/x',
      ),
    );
    const onDisk = fs
      .readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'MANIFEST.json')
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
      .sort();
    expect(manifest.files.map((entry) => entry.file).sort()).toEqual(onDisk);
    for (const entry of manifest.files) {
      expect(entry.source.licence, entry.file).toMatch(/MIT|BSD|Apache|CC0|CC-BY|public domain|Paisable/);
      expect(entry.source.repository, entry.file).toMatch(/^https:\/\/|^Paisable/);
    }
    expect(manifest.files.length).toBeGreaterThanOrEqual(60);
  });

  it.each(manifest.files.map((entry) => [entry.file, entry] as const))('%s', (file, entry) => {
    const bytes = fixtureBytes(`corpus/${file}`);
    const { expect: expected } = entry;
    if ('refused' in expected) {
      let refusal: unknown;
      try {
        parseStatementFile(bytes);
      } catch (error) {
        refusal = error;
      }
      expect(refusal, 'refused').toBeInstanceOf(ImportError);
      expect((refusal as ImportError).message).toContain(expected.refused);
      return;
    }
    const parsed = parseStatementFile(bytes);
    expect(parsed.format.replace('qfx', 'ofx')).toBe(entry.format);
    expect(parsed.problems).toHaveLength(expected.problems);
    expect(
      parsed.accounts.map((account) => {
        let sum = 0;
        for (const row of account.rows) sum += row.isIncome ? row.amountCents : -row.amountCents;
        return {
          rows: account.rows.length,
          sum,
          ...(account.opening ? { opening: account.opening.cents } : {}),
          ...(account.closing ? { closing: account.closing.cents } : {}),
        };
      }),
    ).toEqual(expected.accounts);

    // A file whose stated balances the rows do not reconcile says so; one whose balances agree does not.
    const disagree = expected.accounts.filter(
      (account) =>
        account.opening !== undefined &&
        account.closing !== undefined &&
        account.opening + account.sum !== account.closing,
    );
    expect(parsed.notices.filter((notice) => notice.includes("statement's balances"))).toHaveLength(
      disagree.length,
    );

    for (const account of parsed.accounts) {
      const ids = account.rows.flatMap((row) => (row.bankId ? [row.bankId] : []));
      expect(new Set(ids).size, 'bank ids are unique per account').toBe(ids.length);
      for (const id of ids) expect(id).not.toMatch(NOT_AN_ID);
      for (const row of account.rows) expect(row.name.trim()).not.toBe('');
    }
  });
});
