/** The dashboard's save checks (spec §5), word for word; they apply wherever a transaction is saved. */
export const SAVE_MESSAGES = {
  name: 'Please enter a name for the transaction',
  cost: 'Please enter a valid cost greater than 0',
  category: 'Please select a category',
} as const;

export type TransactionDraft = {
  isIncome: boolean;
  name: string;
  category: string;
  amount: string;
  date: string;
  note: string;
};

/** The first problem with a draft, or null. Income may go without a name: it is named after its category. */
export function draftProblem(draft: TransactionDraft): string | null {
  if (!draft.isIncome && !draft.name.trim()) return SAVE_MESSAGES.name;
  if (parseAmount(draft.amount) === null) return SAVE_MESSAGES.cost;
  if (!draft.category.trim()) return SAVE_MESSAGES.category;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) return 'Please pick a date';
  return null;
}

/** A positive amount with at most two decimals, or null. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && value <= 999_999_999_999.99 ? value : null;
}

/** `<category or General> Income` for an income saved without a name. */
export function transactionName(draft: TransactionDraft): string {
  const name = draft.name.trim();
  if (name || !draft.isIncome) return name;
  return `${draft.category.trim() || 'General'} Income`;
}
