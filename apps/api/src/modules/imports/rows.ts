import { NOTE_MAX_LENGTH, TRANSACTION_NAME_MAX_LENGTH } from '@paisable/contracts';

import { identifyingBankId } from './bank-ids';
import type { StatementAccount, StatementRow } from './model';

/** A row as a format reads it, before the checks every format shares. */
export type RowDraft = Omit<StatementRow, 'warnings' | 'name'> & {
  /** Candidates for the name, best first (e.g. NAME, PAYEE, MEMO); the first non-empty one is used. */
  names: (string | undefined)[];
  /** Used when the file gives no name at all, e.g. the transaction type ("Interest"). */
  fallbackName?: string;
};

const NO_NAME = 'Bank transaction';

export function collapseSpaces(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Cuts before `max` characters at a word boundary when there is one near, and marks the cut with "…". */
function shorten(text: string, max: number): string {
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  return `${space > max * 0.7 ? room.slice(0, space) : room}…`;
}

/**
 * A payee longer than a transaction name may be is never cut silently: the name is shortened with "…",
 * the full text goes first in the note, and the row says so in `warnings` for the preview to show.
 */
export function finishRow(draft: RowDraft): StatementRow {
  // Built field by field: object rest/spread here cost more than the parsing itself at 100,000 rows.
  let name = '';
  for (const candidate of draft.names) {
    name = collapseSpaces(candidate);
    if (name !== '') break;
  }
  let note = collapseSpaces(draft.note);
  let warnings: string[] | undefined;
  if (name === '') {
    name = collapseSpaces(draft.fallbackName) || NO_NAME;
    warnings = [`The file gives no payee or description; named "${name}".`];
  }
  if (note === name) note = '';
  if (name.length > TRANSACTION_NAME_MAX_LENGTH) {
    note = note ? `${name} — ${note}` : name;
    name = shorten(name, TRANSACTION_NAME_MAX_LENGTH);
    (warnings ??= []).push(
      `Payee shortened to ${TRANSACTION_NAME_MAX_LENGTH} characters; the full text is in the note.`,
    );
  }
  if (note.length > NOTE_MAX_LENGTH) {
    note = shorten(note, NOTE_MAX_LENGTH);
    (warnings ??= []).push(`Note shortened to ${NOTE_MAX_LENGTH} characters.`);
  }
  const row: StatementRow = {
    date: draft.date,
    amountCents: draft.amountCents,
    isIncome: draft.isIncome,
    name,
    note,
    source: draft.source,
  };
  // Every format's id goes through the same check: a CAMT AcctSvcrRef of NOTPROVIDED, or an OFX FITID
  // of 0, tells no transaction from another.
  const bankId = identifyingBankId(draft.bankId);
  if (bankId) row.bankId = bankId;
  const category = draft.category?.trim();
  if (category) row.category = category;
  if (warnings) row.warnings = warnings;
  return row;
}

/** The last 4 letters or digits of an account number, behind dots: "••••6789". */
export function maskAccountNumber(number: string | undefined): string | undefined {
  const characters = (number ?? '').replace(/[^0-9A-Za-z]/g, '');
  return characters === '' ? undefined : `••••${characters.slice(-4)}`;
}

/**
 * An account number in the one form it is compared in: letters and digits, upper-case ("DE89 3704 0044
 * 0532 0130 00" and "de89370400440532013000" are one IBAN). Undefined when too short to tell accounts
 * apart (a card's last four digits).
 */
export function accountIdentifier(number: string | undefined): string | undefined {
  const characters = (number ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return characters.length >= 6 ? characters : undefined;
}

export type AccountFacts = { name?: string; kind?: string; number?: string; currency?: string };

/**
 * Accounts in file order. Statements of the same account (MT940 and CAMT files often hold one per day)
 * are merged into one account; `key` numbers distinct accounts so it never carries the account number.
 */
export function accountList() {
  const byIdentity = new Map<string, StatementAccount>();
  return {
    get(identity: string, facts: AccountFacts): StatementAccount {
      const known = byIdentity.get(identity);
      if (known) return known;
      const label = [facts.name, facts.kind, maskAccountNumber(facts.number), facts.currency]
        .filter((part) => part !== undefined && part !== '')
        .join(' · ');
      const account: StatementAccount = {
        key: `account-${byIdentity.size + 1}`,
        label: label || `Account ${byIdentity.size + 1}`,
        rows: [],
      };
      if (facts.currency) account.currency = facts.currency;
      if (facts.kind) account.kind = facts.kind;
      const identifier = accountIdentifier(facts.number);
      if (identifier) account.identifier = identifier;
      byIdentity.set(identity, account);
      return account;
    },
    all: (): StatementAccount[] => [...byIdentity.values()],
  };
}
