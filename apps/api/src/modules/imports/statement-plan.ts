import {
  dateRangeProblem,
  FALLBACK_CATEGORY,
  IMPORT_MESSAGES,
  nothingReadableMessage,
  SPLIT_CATEGORY,
  type CategoryReason,
  type ImportOptions,
  type ImportPreview,
  type ImportPreviewRow,
  type SavedImportRule,
} from '@paisable/contracts';

import { AppError } from '../../lib/errors';
import type { ParsedStatement, StatementAccount, StatementBalance, StatementRow } from './model';
import { parseStatementFile } from './parse';
import { matchRules } from './rules';

export type PlannedRow = ImportPreviewRow;

/** What the file says about the chosen account: matched to the user's accounts, or opened from it. */
export type StatementAccountFacts = Pick<
  StatementAccount,
  'label' | 'name' | 'currency' | 'identifier' | 'kind' | 'opening' | 'closing'
>;

/**
 * What the file itself says, before it is compared with the user's data: the chosen account's rows,
 * each with the category of the first matching rule or of the file, and the rows no rule decided
 * (`undecided`: the user's history may). Made in a sandbox process (imports/tasks.ts): parsing a large
 * file and running the user's patterns is the untrusted, heavy part of an import.
 */
export type StatementPlan = Omit<
  ImportPreview,
  'rows' | 'newCount' | 'duplicateCount' | 'balanceCheck' | 'destination' | 'proposedAccount'
> & {
  rows: PlannedRow[];
  undecided: number[];
  /** The chosen account's closing balance, where the file states one. */
  closing?: StatementBalance;
  statementAccount: StatementAccountFacts;
};

/** The options that change how a file is read; the rest (where to save, row changes) are the save's. */
export type PlanStatementOptions = Pick<ImportOptions, 'account' | 'dateFormat' | 'decimalComma' | 'mapping'>;

export function planStatementOptions({ account, dateFormat, decimalComma, mapping }: ImportOptions) {
  const picked: PlanStatementOptions = {
    ...(account === undefined ? {} : { account }),
    ...(dateFormat === undefined ? {} : { dateFormat }),
    ...(decimalComma === undefined ? {} : { decimalComma }),
    ...(mapping === undefined ? {} : { mapping }),
  };
  return picked;
}

export type PlanStatementParams = {
  bytes: Uint8Array;
  options: PlanStatementOptions;
  /** The latest "today" on earth: rows dated after it are left out (with the file's other problems). */
  today: string;
  rules: SavedImportRule[];
};

/**
 * Reads the file and categorises its chosen account's rows; throws an AppError for a file refused whole
 * (nothing in it can be imported). The plan's problems are the chosen account's and those of no known
 * account: a bad row of another account changes nothing in this one's balances.
 */
export function planStatement({ bytes, options, today, rules }: PlanStatementParams): StatementPlan {
  const parsed = withinDateBounds(
    parseStatementFile(bytes, {
      ...(options.dateFormat ? { dateFormat: options.dateFormat } : {}),
      ...(options.decimalComma === undefined ? {} : { decimalComma: options.decimalComma }),
      ...(options.mapping ? { mapping: options.mapping } : {}),
    }),
    today,
  );
  if (parsed.accounts.every((candidate) => candidate.rows.length === 0)) {
    throw new AppError('UNPROCESSABLE_CONTENT', nothingReadableMessage(parsed.problems));
  }
  const account = pickAccount(parsed.accounts, options.account);
  const { planned, undecided, skippedRules } = categorise(account.rows, rules);
  return {
    format: parsed.format,
    encoding: parsed.encoding,
    accounts: parsed.accounts.map(({ key, label, currency, rows }) => ({
      key,
      label,
      ...(currency ? { currency } : {}),
      rowCount: rows.length,
    })),
    account: account.key,
    rows: planned,
    undecided,
    problems: parsed.problems
      .filter((problem) => problem.account === undefined || problem.account === account.key)
      .map(({ account: _account, ...problem }) => problem),
    notices: [...parsed.notices, ...skippedRules],
    ...(account.closing ? { closing: account.closing } : {}),
    statementAccount: {
      label: account.label,
      ...(account.currency ? { currency: account.currency } : {}),
      ...(account.identifier ? { identifier: account.identifier } : {}),
      ...(account.name ? { name: account.name } : {}),
      ...(account.kind ? { kind: account.kind } : {}),
      ...(account.opening ? { opening: account.opening } : {}),
      ...(account.closing ? { closing: account.closing } : {}),
    },
  };
}

/** The account asked for; by default the first one with rows (a file's first statement may be empty). */
function pickAccount(accounts: readonly StatementAccount[], key: string | undefined): StatementAccount {
  const account =
    key === undefined
      ? (accounts.find((candidate) => candidate.rows.length > 0) ?? accounts[0])
      : accounts.find((candidate) => candidate.key === key);
  if (!account) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.accountNotFound);
  return account;
}

/** The category each row gets and why: the first matching rule, the file's own, or the default. */
function categorise(
  rows: readonly StatementRow[],
  rules: readonly SavedImportRule[],
): { planned: PlannedRow[]; undecided: number[]; skippedRules: string[] } {
  const { matches, skipped } = matchRules(rules, rows);
  const undecided: number[] = [];
  const planned = rows.map((row, index): PlannedRow => {
    const rule = matches[index];
    let category = FALLBACK_CATEGORY;
    let reason: CategoryReason = { kind: 'default' };
    if (row.splits) {
      // Its lines carry the categories: no rule or history picks one for the whole row.
      category = SPLIT_CATEGORY;
      reason = { kind: 'file' };
    } else if (rule) {
      category = rule.setCategory;
      reason = { kind: 'rule', ruleId: rule.id, position: rule.position, pattern: rule.pattern };
    } else if (row.category) {
      category = row.category;
      reason = { kind: 'file' };
    } else {
      undecided.push(index);
    }
    const renamed = rule?.rename !== undefined && rule.rename !== row.name;
    return {
      ...(row.source.line === undefined ? {} : { line: row.source.line }),
      ...(row.source.element === undefined ? {} : { element: row.source.element }),
      date: row.date,
      amountCents: row.amountCents,
      isIncome: row.isIncome,
      name: renamed && rule.rename ? rule.rename : row.name,
      ...(renamed ? { originalName: row.name } : {}),
      note: row.note,
      ...(row.bankId ? { bankId: row.bankId } : {}),
      ...(row.splits ? { splits: row.splits } : {}),
      category,
      reason,
      ...(row.warnings?.length ? { warnings: row.warnings } : {}),
    };
  });
  return { planned, undecided, skippedRules: skipped.map((entry) => entry.message) };
}

/**
 * Rows dated outside what may be stored (1970 … today + 10 years: a misread year, a placeholder date)
 * are left out and listed with the file's other problems, as a row with a bad amount is.
 */
function withinDateBounds(parsed: ParsedStatement, today: string): ParsedStatement {
  const problems = [...parsed.problems];
  const accounts = parsed.accounts.map((account) => ({
    ...account,
    rows: account.rows.filter((row) => {
      const problem = dateRangeProblem([row.date], today);
      if (problem) problems.push({ ...row.source, account: account.key, message: problem });
      return !problem;
    }),
  }));
  return { ...parsed, accounts, problems };
}
