import { calendarDayOf } from '@paisable/contracts';

import { readAmount } from '../amounts';
import { ImportError } from '../errors';
import type { FormatResult, ImportProblem, StatementRow } from '../model';
import { accountList, finishRow } from '../rows';
import { readXml, xmlChild, xmlChildren, xmlText, type XmlNode } from './xml-tree';

const ACCOUNT_KINDS: Record<string, string> = { CACC: 'Current account', SVGS: 'Savings', CARD: 'Card' };

/**
 * ISO 20022 camt.053 (versions .001.02 to .001.13 share these elements): each <Stmt> is a statement of
 * the account in <Acct>; statements of the same account are one account. Each booked <Ntry> is a row,
 * except a batch (several <TxDtls>, e.g. a collective SEPA transfer) whose details all carry their own
 * amount: then each is a row of its own. Pending and information-only entries are left out: the bank
 * books them later under another reference.
 */
export function parseCamt(text: string): FormatResult {
  const accounts = accountList();
  const problems: ImportProblem[] = [];
  let pending = 0;
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
        if ('message' in row) problems.push(row);
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
  for (const statement of statements) accounts.get(accountIdentity(statement), accountFacts(statement));
  const notices =
    pending > 0
      ? [`${pending} pending or information-only entries were left out: only booked entries are imported.`]
      : [];
  return { accounts: accounts.all(), problems, notices };
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

function readEntry(entry: XmlNode, element: string): (StatementRow | ImportProblem)[] {
  const where = { line: entry.line, element };
  const dateText =
    xmlText(entry, 'BookgDt', 'Dt') ??
    xmlText(entry, 'BookgDt', 'DtTm') ??
    xmlText(entry, 'ValDt', 'Dt') ??
    '';
  const date = calendarDayOf(dateText);
  if (!date) return [{ ...where, message: `Booking date "${dateText}" is not a date.` }];
  const isCredit = xmlText(entry, 'CdtDbtInd') === 'CRDT';
  const reversal = xmlText(entry, 'RvslInd') === 'true';
  const entryId = xmlText(entry, 'AcctSvcrRef') ?? xmlText(entry, 'NtryRef');
  const details = xmlChildren(entry, 'NtryDtls').flatMap((d) => xmlChildren(d, 'TxDtls'));
  const batch = details.length > 1 && details.every((d) => detailAmount(d) !== undefined);
  const parts = batch ? details : [details[0]];

  return parts.map((detail, index) => {
    const place = batch
      ? { line: detail?.line ?? entry.line, element: `${element}/TxDtls[${index + 1}]` }
      : where;
    const amountNode = batch && detail ? detailAmount(detail) : xmlChild(entry, 'Amt');
    const amount = readAmount(amountNode?.text ?? '', 'dot');
    if (!amount.ok) return { ...place, message: `${amount.message}` };
    const income = batch
      ? (xmlText(detail, 'CdtDbtInd') ?? (isCredit ? 'CRDT' : 'DBIT')) === 'CRDT'
      : isCredit;
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

function detailAmount(detail: XmlNode): XmlNode | undefined {
  return (
    xmlChild(detail, 'Amt') ??
    xmlChild(detail, 'AmtDtls', 'TxAmt', 'Amt') ??
    xmlChild(detail, 'AmtDtls', 'InstdAmt', 'Amt')
  );
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
