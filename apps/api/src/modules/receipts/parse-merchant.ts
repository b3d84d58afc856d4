/**
 * Words of a registered business name (also Malay: Perniagaan, Syarikat, Kedai): the strongest sign that a line is the merchant. The legal
 * suffixes may be glued to the name: some OCR engines drop the spaces ("GoldenScoopSdnBhd").
 */
const COMPANY =
  /s[dou0]n\.?\s*b[h1il]{1,2}d\b|\b(s\/b|sdn\.?\s*bhd|bhd|berhad|enterprise|trading|ltd|limited|inc|llc|corp|company|co\.|plc|gmbh|s\.?a\.?r\.?l|pte|restaurant|restoran|perniagaan|syarikat|kedai|cafe|café|bakery|mart|market|supermarket|store|stores|shop|pharmacy|hardware|station|hotel|kitchen|books?)\b/i;

/**
 * A registered legal suffix: the receipt's legal entity, which outranks a trading or logo name printed
 * above it ("Banh Mi Cafe" over "banh mi cafe sdn bhd"), even when the OCR read it in lower case.
 */
const LEGAL = /s[dou0]n\.?\s*b[h1il]{1,2}d\b|\b(s\/b|bhd|berhad|ltd|limited|llc|plc|gmbh|pte)\b/i;

/** Lines near the top that are not the name: headings, contact and registration details. */
const NOT_MERCHANT =
  /\b(receipt|invoice|tax|gst|tel|fax|phone|date|time|cashier|reg\.?|company\s*no|co\.?\s*no|no\.|www|http|email|@|welcome|thank|table|order|bill|counter|server|member|document)\b/i;

/**
 * Document headings, also with the spaces lost by the OCR ("SIMPLIFIEDTAXINVOICE"), and in the languages
 * of Europe: Kassenbon, kasticket, facture, factura, scontrino, "Merchant copy".
 */
const HEADING =
  /invoice|receipt|cash\s*bill|quotation|kassenbon|kassabon|kasticket|rechnung|quittung|scontrino|ricevuta|\b(facture|factura|ticket|beleg|recibo|copy)\b/i;

/**
 * Address lines: a street word, or a postcode-like number (also with a 0 read as O: "4320O"). Even
 * "12 Market Road" is not a name.
 */
const ADDRESS =
  /\b(jalan|jln|street|st\.|road|rd\.?|avenue|ave|lane|blvd|boulevard|lot|taman|floor|level|suite|unit|block|blk|plaza|mall|centre|center|square|bandar|kawasan|seksyen|persiaran|lorong)\b|\b\d{5}\b|\b\d{4}o\b|\b\d{3}o\d\b|^\d+[,\s]/i;

const TOP_LINES = 8;

/** The merchant's name: a business-name line near the top, else the first line that reads like a name. */
export function findMerchant(lines: string[]): string | undefined {
  const top = lines
    .slice(0, TOP_LINES + 4)
    .map((line) => cleanName(line))
    .filter((line) => letterCount(line) >= 3)
    .slice(0, TOP_LINES);

  // The header's name stands above its address; a company line below the address is the operator's
  // registration ("Weidinger Gastronomie GmbH" under the café's name and street).
  // (A contact line or OCR debris with a number is no address: "Subway#42210-0 Phone …", "3 | oy [i".)
  const address = top.findIndex(
    (line, position) =>
      position > 0 && ADDRESS.test(line) && !NOT_MERCHANT.test(line) && /\p{L}{3,}/u.test(line),
  );
  let best: { name: string; score: number; position: number } | undefined;
  top.forEach((line, position) => {
    const score = nameScore(line) - position * 0.5 - (address > 0 && position > address ? 6 : 0);
    // A long name wraps: "PASAR RAYA MEGA MAJU" over "(SEMENYIH) SDN BHD" is one name.
    const previous = top[position - 1];
    const name = previous && isNameTail(line) ? `${previous} ${line}` : line;
    if (!best || score > best.score) best = { name, score, position };
  });
  // Nothing reads like a name: the first line that is not a heading, contact detail or address.
  if (!best || best.score <= 0)
    return top.find((line) => !NOT_MERCHANT.test(line) && !ADDRESS.test(line)) ?? top[0];
  return withBranch(best.name, top[best.position + 1]);
}

/**
 * The legal entity as the receipt prints it, with a branch in parentheses on the line directly below
 * ("CHECKERS HYPERMARKET SDN BHD" over "(JALAN KLANG LAMA)"): the outlet is part of the printed company
 * name. A brand line above it is not: the merchant is the legal entity, which is often not the trading
 * name (a brand line joined to it made as many names wrong as right on the receipts it was tried on).
 */
function withBranch(name: string, below: string | undefined): string {
  return LEGAL.test(name) && below !== undefined && isBranchLine(below) ? `${name} ${below}` : name;
}

/** A branch name in parentheses, without digits (not a registration number) or contact details. */
function isBranchLine(line: string): boolean {
  return /^\([^()\d]+\)$/.test(line) && letterCount(line) >= 3 && !NOT_MERCHANT.test(line);
}

/** Only a company suffix, or a parenthesised branch then the suffix: the name's first part is above. */
function isNameTail(line: string): boolean {
  const rest = line.replace(NAME_END, '').trim();
  return rest.length === 0 || rest.startsWith('(');
}

function nameScore(line: string): number {
  const letters = line.replace(/[^a-z]/gi, '');
  const uppercase = line.replace(/[^A-Z]/g, '').length / Math.max(1, letters.length);
  let score = 2;
  if (COMPANY.test(line)) score += 4;
  if (LEGAL.test(line)) score += 3;
  if ((NOT_MERCHANT.test(line) || HEADING.test(line)) && !COMPANY.test(line)) score -= 4;
  if (ADDRESS.test(line)) score -= 5;
  // Receipts print the name in capitals; a lower-case line is usually a note or a slogan.
  score += uppercase > 0.7 ? 1.5 : uppercase < 0.3 && !LEGAL.test(line) ? -1.5 : 0;
  // A line mostly of digits and punctuation is an address or a number.
  if (letters.length / Math.max(1, line.replace(/\s/g, '').length) < 0.6) score -= 3;
  return score;
}

/** Where a registered name ends; a registration number or branch often follows on the same line. */
const NAME_END =
  /(?:s[dou0]n\.?\s*b[h1il]{1,2}d\b)|\b(sdn\.?\s*bhd|bhd|berhad|s\/b|ltd|limited|inc|llc|plc|gmbh|pte)\b\.?/gi;

function cleanName(line: string): string {
  const ends = [...line.matchAll(NAME_END)];
  const last = ends.at(-1);
  const cut = last?.index === undefined ? line : line.slice(0, last.index + last[0].length);
  return (
    cut
      // "Owned by: X Sdn Bhd" names the company that runs the shop.
      .replace(/^\s*(own(ed|er)?\s*by|dimiliki(\s*oleh)?)\s*:?/i, '')
      // A company registration number after the name ("(682288-V)", "Co. No: 1234-A") is not part of it.
      .replace(/[([]?\s*(co\.?\s*(reg\.?|no\.?)\s*(no\.?)?\s*:?)?\s*\d{3,8}\s*-\s*[a-z][)\]]?\s*$/i, '')
      .replace(/[|_~*=<>{}[\]#"`]+/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[^\p{L}\p{N}(]+|[^\p{L}\p{N}).]+$/gu, '')
      .trim()
  );
}

function letterCount(line: string) {
  return line.replace(/[^\p{L}]/gu, '').length;
}
