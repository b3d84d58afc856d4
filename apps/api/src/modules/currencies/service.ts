import { ISO_CURRENCIES, type CurrencyInfo } from '@paisable/contracts';

/**
 * Every currency an account can be kept in (ISO 4217's active codes), the spec's seven first: the same
 * for everyone, so it needs no user and no database.
 */
export function listCurrencies(): CurrencyInfo[] {
  return ISO_CURRENCIES.map(({ code, name, symbol, minorUnit, flag }) => ({
    code,
    name,
    symbol,
    minorUnit,
    ...(flag ? { flag } : {}),
  }));
}
