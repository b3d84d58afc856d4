import { isCalendarDate } from '@paisable/contracts';

import { readAmount } from '../amounts';
import { ImportError } from '../errors';
import type { FormatResult, ImportProblem, StatementBalance } from '../model';
import { accountList, finishRow } from '../rows';
import { child, descendants, readOfxTree, textOf, type OfxNode } from './ofx-tree';

const ACCOUNT_KINDS: Record<string, string> = {
  CHECKING: 'Checking',
  SAVINGS: 'Savings',
  MONEYMRKT: 'Money market',
  CREDITLINE: 'Credit line',
  CD: 'Certificate of deposit',
};

/** TRNTYPE as a name, for a transaction that has no NAME, PAYEE or MEMO. */
const TYPE_NAMES: Record<string, string> = {
  INT: 'Interest',
  DIV: 'Dividend',
  FEE: 'Bank fee',
  SRVCHG: 'Service charge',
  DEP: 'Deposit',
  ATM: 'Cash withdrawal',
  POS: 'Card payment',
  XFER: 'Transfer',
  CHECK: 'Check',
  PAYMENT: 'Payment',
  CASH: 'Cash withdrawal',
  DIRECTDEP: 'Direct deposit',
  DIRECTDEBIT: 'Direct debit',
  REPEATPMT: 'Standing order',
};

/**
 * OFX 1.x (SGML), 2.x (XML) and QFX: every bank (STMTRS) and credit card (CCSTMTRS) statement in the
 * file is an account. The amount's sign decides income or expense, as the spec says; when a generic
 * TRNTYPE (CREDIT/DEBIT) contradicts it, the type is followed, because some banks write every amount
 * unsigned and put the direction only there.
 */
export function parseOfx(text: string): FormatResult {
  const ofx = readOfxTree(text);
  const accounts = accountList();
  const problems: ImportProblem[] = [];
  const notices: string[] = [];
  let contradictions = 0;
  let zero = 0;

  const statements = [...descendants(ofx, 'STMTRS'), ...descendants(ofx, 'CCSTMTRS')].sort(
    (a, b) => a.line - b.line,
  );
  for (const statement of statements) {
    const isCard = statement.name === 'CCSTMTRS';
    const from = child(statement, isCard ? 'CCACCTFROM' : 'BANKACCTFROM');
    const number = textOf(from, 'ACCTID');
    const currency = textOf(statement, 'CURDEF')?.toUpperCase();
    const type = textOf(from, 'ACCTTYPE')?.toUpperCase() ?? '';
    const kind = isCard ? 'Credit card' : (ACCOUNT_KINDS[type] ?? 'Bank account');
    const account = accounts.get([statement.name, textOf(from, 'BANKID'), number, type].join('|'), {
      kind,
      number,
      currency,
    });
    const closing = ledgerBalance(statement);
    if (closing) account.closing = closing;
    for (const transaction of descendants(child(statement, 'BANKTRANLIST') ?? statement, 'STMTTRN')) {
      const row = readTransaction(transaction);
      if (row === 'zero') zero += 1;
      else if ('message' in row) problems.push({ ...row, account: account.key });
      else {
        if (row.contradicted) contradictions += 1;
        account.rows.push(row.row);
      }
    }
  }
  const investments = descendants(ofx, 'INVSTMTRS').length > 0;
  if (statements.length === 0) {
    throw new ImportError(
      'malformed',
      investments
        ? 'The OFX file holds only investment statements, which are not imported: export a bank or credit card account.'
        : 'The OFX file holds no bank or credit card statement (no <STMTRS> or <CCSTMTRS>). Export the account’s transactions from your bank.',
    );
  }
  if (investments) {
    notices.push('Investment statements in this file were not imported: only bank and card accounts are.');
  }
  if (zero > 0) notices.push(`${zero} transaction(s) of amount zero were left out: they move no money.`);
  if (contradictions > 0) {
    notices.push(
      `${contradictions} row(s) had an amount sign that disagreed with their type (CREDIT/DEBIT); the type was followed.`,
    );
  }
  return { accounts: accounts.all(), problems, notices };
}

type ReadRow = { row: ReturnType<typeof finishRow>; contradicted: boolean } | ImportProblem | 'zero';

/** LEDGERBAL: the balance at DTASOF, the statement's closing balance (OFX states no opening one). */
function ledgerBalance(statement: OfxNode): StatementBalance | undefined {
  const ledger = child(statement, 'LEDGERBAL');
  const amount = readAmount(textOf(ledger, 'BALAMT') ?? '', 'last');
  const cents = amount.ok ? (amount.negative ? -amount.cents : amount.cents) : amount.zero ? 0 : undefined;
  const date = ofxDate(textOf(ledger, 'DTASOF') ?? '');
  return cents === undefined || !date ? undefined : { date, cents };
}

function readTransaction(node: OfxNode): ReadRow {
  const where = { line: node.line };
  const dateText = textOf(node, 'DTPOSTED') ?? textOf(node, 'DTUSER') ?? '';
  const date = ofxDate(dateText);
  if (!date) return { ...where, message: `Date "${dateText}" is not an OFX date (YYYYMMDD…).` };
  const amountText = textOf(node, 'TRNAMT');
  if (amountText === undefined) return { ...where, message: 'The transaction has no amount (TRNAMT).' };
  const amount = readAmount(amountText, 'last');
  if (!amount.ok) return amount.zero ? 'zero' : { ...where, message: amount.message };

  const type = textOf(node, 'TRNTYPE')?.toUpperCase() ?? '';
  const bySign = !amount.negative;
  const isIncome = type === 'CREDIT' ? true : type === 'DEBIT' ? false : bySign;
  const name = textOf(node, 'NAME') ?? textOf(child(node, 'PAYEE'), 'NAME');
  const memo = textOf(node, 'MEMO');
  const check = textOf(node, 'CHECKNUM');
  const row = finishRow({
    date,
    amountCents: amount.cents,
    isIncome,
    names: [name, memo],
    fallbackName: check ? `Check ${check}` : TYPE_NAMES[type],
    note: name ? (memo ?? '') : '',
    bankId: textOf(node, 'FITID'),
    source: where,
  });
  return { row, contradicted: isIncome !== bySign };
}

/**
 * `YYYYMMDD[HHMMSS[.XXX]][[+-]TZ[:name]]` as the calendar day written: the time zone is not applied,
 * since the bank wrote the day the money moved in its own zone, and converting would move late-evening
 * transactions to the next or previous day.
 */
export function ofxDate(text: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{4,6}(\.\d{1,3})?)?\s*(\[[+-]?[\d.]{1,5}(:[^\]]*)?\])?$/.exec(
    text.trim(),
  );
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  return isCalendarDate(day) ? day : null;
}
