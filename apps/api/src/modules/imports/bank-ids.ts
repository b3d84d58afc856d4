/**
 * Words for "no reference" and other values that identify nothing: SWIFT's `NONREF` (PostFinance writes
 * it as the bank's own reference), ISO 20022's `NOTPROVIDED` (CAMT end-to-end ids), zeros and dashes.
 */
const PLACEHOLDER = /^(NONREF|NOTPROVIDED|NONE|N\/?A|0+|-+)$/i;

/** An IBAN identifies a counterparty (ASN Bank writes it where MT940's reference goes), not a payment. */
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/**
 * The id as a bank id, or undefined when it cannot tell one transaction from another: a placeholder or
 * an IBAN would make different payments look like duplicates of each other.
 */
export function identifyingBankId(id: string | undefined): string | undefined {
  const trimmed = id?.trim();
  if (!trimmed || PLACEHOLDER.test(trimmed) || IBAN.test(trimmed.replace(/\s+/g, ''))) return undefined;
  return trimmed;
}
