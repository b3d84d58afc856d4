import { calendarDayOf, isCalendarDate } from '@paisable/contracts';

import { readAmount } from '../amounts';
import { ImportError } from '../errors';
import type { FormatResult, ImportProblem, StatementBalance, StatementRow } from '../model';
import { accountList, finishRow } from '../rows';
import { readXml, xmlChild, xmlChildren, xmlText, type XmlNode } from './xml-tree';

const ACCOUNT_KINDS: Record<string, string> = { CACC: 'Current account', SVGS: 'Savings', CARD: 'Card' };

/**
 * ISO 20022 camt.053 (versions .001.02 to .001.13 share these elements): each <Stmt> is a statement of
 * the account in <Acct>; statements of the same account are one account. Each booked <Ntry> is a row,
 * except a batch (several <TxDtls>, e.g. a collective SEPA transfer) whose details carry amounts that
 * add up to the entry's: then each is a row of its own. Pending and information-only entries are left
 * out: the bank books them later under another reference. Entries of amount zero move no money and are
 * left out too (both with a notice).
 */
export function parseCamt(text: string): FormatResult {
  const accounts = accountList();
  const problems: ImportProblem[] = [];
  let pending = 0;
  let zero = 0;
  let statementCount = 0;
  let entryCount = 0;
  let lastStatement: XmlNode | undefined;

  const root = readXml(text, {
    stream: new Set(['Ntry']),
    onElement: (entry, ancestors) => {
      const statement = ancestors.find((node) => node.name === 'Stmt');
      if (!statement) return;
      if (statement !== lastStatement) {
        lastStatement = statement;
        statementCount += 1;
        entryCount = 0;
      }
      entryCount += 1;
      const status = xmlText(entry, 'Sts', 'Cd') ?? xmlText(entry, 'Sts') ?? 'BOOK';
      if (status !== 'BOOK') {
        pending += 1;
        return;
      }
      const account = accounts.get(accountIdentity(statement), accountFacts(statement));
      const element = `Stmt[${statementCount}]/Ntry[${entryCount}]`;
      for (const row of readEntry(entry, element)) {
        if (row === 'zero') zero += 1;
        else if ('message' in row) problems.push({ ...row, account: account.key });
        else account.rows.push(row);
      }
    },
  });
  if (root.name !== 'Document' || !xmlChild(root, 'BkToCstmrStmt')) {
    throw new ImportError('malformed', 'The CAMT file has no <BkToCstmrStmt> statement in its <Document>.');
  }
  // Statements without entries still show as accounts.
  const statements = xmlChildren(xmlChild(root, 'BkToCstmrStmt'), 'Stmt');
  if (statements.length === 0) throw new ImportError('malformed', 'The CAMT file holds no <Stmt> statement.');
  for (const statement of statements) {
    const account = accounts.get(accountIdentity(statement), accountFacts(statement));
    const opening = balance(statement, ['OPBD', 'PRCD']);
    const closing = balance(statement, ['CLBD']);
    if (opening && !account.opening) account.opening = opening;
    if (closing) account.closing = closing;
  }
  const notices: string[] = [];
  if (pending > 0) {
    notices.push(
      `${pending} pending or information-only entries were left out: only booked entries are imported.`,
    );
  }
  if (zero > 0) notices.push(`${zero} entries of amount zero were left out: they move no money.`);
  return { accounts: accounts.all(), problems, notices };
}

/**
 * An xs:date or xs:dateTime as the calendar day written: `2017-04-01`, `2017-04-01+02:00` (a date with
 * its time zone, as Czech and Liechtenstein banks write), `2025-01-05T23:30:00+01:00`. The zone is not
 * applied, for the same reason as in OFX: the bank wrote its own day.
 */
export function camtDate(text: string): string | null {
  const zoned = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})$/.exec(text)?.[1];
  if (zoned) return isCalendarDate(zoned) ? zoned : null;
  return calendarDayOf(text);
}

/** The statement's balance of one of these types (OPBD opening, PRCD previous closing, CLBD closing), signed. */
function balance(statement: XmlNode, types: string[]): StatementBalance | undefined {
  for (const type of types) {
    const found = xmlChildren(statement, 'Bal').find(
      (bal) => (xmlText(bal, 'Tp', 'CdOrPrtry', 'Cd') ?? xmlText(bal, 'Tp', 'Cd')) === type,
    );
    const amount = readAmount(xmlText(found, 'Amt') ?? '', 'dot');
    const cents = amount.ok ? amount.cents : amount.zero ? 0 : undefined;
    const date = camtDate(xmlText(found, 'Dt', 'Dt') ?? xmlText(found, 'Dt', 'DtTm') ?? '');
    if (found && cents !== undefined && date) {
      return { date, cents: xmlText(found, 'CdtDbtInd') === 'DBIT' ? -cents : cents };
    }
  }
  return undefined;
}

function accountIdentity(statement: XmlNode): string {
  const acct = xmlChild(statement, 'Acct');
  return [xmlText(acct, 'Id', 'IBAN') ?? xmlText(acct, 'Id', 'Othr', 'Id'), xmlText(acct, 'Ccy')].join('|');
}

function accountFacts(statement: XmlNode) {
  const acct = xmlChild(statement, 'Acct');
  const currency = xmlText(acct, 'Ccy') ?? xmlChild(statement, 'Bal', 'Amt')?.attributes.Ccy;
  return {
    kind: ACCOUNT_KINDS[xmlText(acct, 'Tp', 'Cd') ?? ''] ?? 'Account',
    number: xmlText(acct, 'Id', 'IBAN') ?? xmlText(acct, 'Id', 'Othr', 'Id'),
    currency,
  };
}

type EntryPart = StatementRow | Omit<ImportProblem, 'account'> | 'zero';

function readEntry(entry: XmlNode, element: string): EntryPart[] {
  const where = { line: entry.line, element };
  const dateText =
    xmlText(entry, 'BookgDt', 'Dt') ??
    xmlText(entry, 'BookgDt', 'DtTm') ??
    xmlText(entry, 'ValDt', 'Dt') ??
    xmlText(entry, 'ValDt', 'DtTm') ??
    '';
  const date = camtDate(dateText);
  if (!date) return [{ ...where, message: `Booking date "${dateText}" is not a date.` }];
  const isCredit = xmlText(entry, 'CdtDbtInd') === 'CRDT';
  const reversal = xmlText(entry, 'RvslInd') === 'true';
  const entryId = xmlText(entry, 'AcctSvcrRef') ?? xmlText(entry, 'NtryRef');
  const entryAmount = readAmount(xmlText(entry, 'Amt') ?? '', 'dot');
  if (!entryAmount.ok) return [entryAmount.zero ? 'zero' : { ...where, message: entryAmount.message }];
  const details = xmlChildren(entry, 'NtryDtls').flatMap((d) => xmlChildren(d, 'TxDtls'));
  const batch = details.length > 1 && detailsAddUp(entry, details, isCredit, entryAmount.cents);
  const parts = batch ? details : [details[0]];

  return parts.map((detail, index) => {
    const place = batch
      ? { line: detail?.line ?? entry.line, element: `${element}/TxDtls[${index + 1}]` }
      : where;
    const amount = batch && detail ? readAmount(detailAmount(detail)?.text ?? '', 'dot') : entryAmount;
    if (!amount.ok) return amount.zero ? 'zero' : { ...place, message: amount.message };
    const income = batch ? detailIsCredit(detail, isCredit) : isCredit;
    const detailId = xmlText(detail, 'Refs', 'AcctSvcrRef') ?? endToEndId(detail);
    return finishRow({
      date,
      amountCents: amount.cents,
      isIncome: income,
      names: [
        counterparty(detail, income, reversal),
        xmlText(detail, 'AddtlTxInf'),
        remittance(detail),
        xmlText(entry, 'AddtlNtryInf'),
      ],
      fallbackName: reversal ? 'Reversal' : undefined,
      note: [reversal ? 'Reversal' : '', remittance(detail) || xmlText(entry, 'AddtlNtryInf')]
        .filter(Boolean)
        .join(': '),
      bankId: batch ? (detailId ?? (entryId ? `${entryId}/${index + 1}` : undefined)) : entryId,
      source: place,
    });
  });
}

/**
 * The amount of a transaction in the account's currency: TxDtls/Amt (from .001.03 on) or
 * AmtDtls/TxAmt; AmtDtls/InstdAmt is what the payer instructed, possibly in another currency.
 */
function detailAmount(detail: XmlNode): XmlNode | undefined {
  return (
    xmlChild(detail, 'Amt') ??
    xmlChild(detail, 'AmtDtls', 'TxAmt', 'Amt') ??
    xmlChild(detail, 'AmtDtls', 'InstdAmt', 'Amt')
  );
}

const detailIsCredit = (detail: XmlNode | undefined, entryIsCredit: boolean) =>
  (xmlText(detail, 'CdtDbtInd') ?? (entryIsCredit ? 'CRDT' : 'DBIT')) === 'CRDT';

/**
 * A batch is split into its transactions only when every one has an amount in the entry's currency and
 * the signed amounts add up to the entry's exactly: the entry is what the bank booked, so rows that add
 * up to anything else (details in the instructed foreign currency, details that list only some of the
 * batch, charges counted apart) would import money that never moved, or lose some that did.
 */
function detailsAddUp(
  entry: XmlNode,
  details: XmlNode[],
  entryIsCredit: boolean,
  entryCents: number,
): boolean {
  const currency = xmlChild(entry, 'Amt')?.attributes.Ccy;
  let total = 0;
  for (const detail of details) {
    const node = detailAmount(detail);
    const amount = readAmount(node?.text ?? '', 'dot');
    if (!node || !amount.ok || (currency && node.attributes.Ccy && node.attributes.Ccy !== currency))
      return false;
    total += detailIsCredit(detail, entryIsCredit) === entryIsCredit ? amount.cents : -amount.cents;
  }
  return total === entryCents;
}

function endToEndId(detail: XmlNode | undefined): string | undefined {
  const id = xmlText(detail, 'Refs', 'EndToEndId');
  return id && id !== 'NOTPROVIDED' ? id : undefined;
}

/**
 * The other party: who paid us (Dbtr) for money in, whom we paid (Cdtr) for money out. A reversal
 * flips it: money coming back from a reversed payment names its original creditor.
 */
function counterparty(detail: XmlNode | undefined, income: boolean, reversal: boolean): string | undefined {
  const parties = xmlChild(detail, 'RltdPties');
  const nameOf = (role: string) =>
    xmlText(parties, `Ultmt${role}`, 'Nm') ??
    xmlText(parties, role, 'Nm') ??
    xmlText(parties, role, 'Pty', 'Nm');
  const [first, second] = income !== reversal ? ['Dbtr', 'Cdtr'] : ['Cdtr', 'Dbtr'];
  return nameOf(first) ?? nameOf(second);
}

function remittance(detail: XmlNode | undefined): string {
  const info = xmlChild(detail, 'RmtInf');
  const unstructured = xmlChildren(info, 'Ustrd').map((u) => u.text);
  if (unstructured.length > 0) return unstructured.join(' ');
  return xmlChildren(info, 'Strd')
    .map((s) => xmlText(s, 'CdtrRefInf', 'Ref') ?? '')
    .filter(Boolean)
    .join(' ');
}
