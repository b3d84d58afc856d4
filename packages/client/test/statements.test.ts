import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';

import { IMPORT_MESSAGES } from '@paisable/contracts';

import { createPaisableClient, importStatement, PaisableRestError, previewStatement } from '../src';

const url = inject('apiUrl');

async function signedIn() {
  const { token } = await createPaisableClient({ url }).auth.signup.mutate({
    email: `statement-${randomUUID()}@paisable.dev`,
    password: 'Secret#123',
  });
  const client = createPaisableClient({ url, token });
  await client.auth.setup.mutate({ defaultCurrency: 'USD' });
  return { client, rest: { url, token } };
}

// Two accounts in one OFX 1.x file, in Windows-1252 (é), with an empty MEMO as banks write them.
const OFX = Buffer.from(
  'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1>' +
    '<STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>11112222<ACCTTYPE>CHECKING</BANKACCTFROM>' +
    '<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250602<TRNAMT>-3.20<FITID>A1<NAME>Caf\xe9 Nord<MEMO></STMTTRN>' +
    '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20250603<TRNAMT>1500.00<FITID>A2<NAME>Employer</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>' +
    '<STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>33334444<ACCTTYPE>SAVINGS</BANKACCTFROM>' +
    '<BANKTRANLIST><STMTTRN><TRNTYPE>INT<DTPOSTED>20250630<TRNAMT>0.42<FITID>A1</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>' +
    '</BANKMSGSRSV1></OFX>\n',
  'latin1',
);

describe('bank statements against the running API', () => {
  it('previews, imports one account, and a second import adds nothing', async () => {
    const { client, rest } = await signedIn();
    await client.importRules.create.mutate({
      match: 'contains',
      pattern: 'cafe',
      setCategory: 'Coffee',
      createCategory: true,
    });
    const preview = await previewStatement(rest, { file: OFX, fileName: 'june.ofx' });
    expect(preview.accounts.map((account) => account.rowCount)).toEqual([2, 1]);
    expect(preview.rows.map((row) => [row.name, row.category, row.reason.kind])).toEqual([
      ['Café Nord', 'Coffee', 'rule'],
      ['Employer', 'Miscellaneous', 'default'],
    ]);
    await expect(importStatement(rest, { file: OFX })).rejects.toEqual(
      new PaisableRestError(400, IMPORT_MESSAGES.chooseAccount),
    );
    expect(await importStatement(rest, { file: OFX, account: 'account-1' })).toMatchObject({
      importedCount: 2,
    });
    expect(await importStatement(rest, { file: new Blob([OFX]), account: 'account-1' })).toMatchObject({
      importedCount: 0,
      duplicateCount: 2,
    });
    const { items } = await client.transactions.list.query({});
    expect(items.map((row) => [row.name, row.category, row.amountCents]).sort()).toEqual([
      ['Café Nord', 'Coffee', 320],
      ['Employer', 'Miscellaneous', 150000],
    ]);
  });
});
