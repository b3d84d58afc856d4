const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** The O of "Oct" and "Nov" may be read as a zero ("18-0ct-2025"). */
const MONTH_NAME = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|[o0]ct|n[o0]v|dec)[a-z]*\.?`;

/** How far back a receipt date may be; older readings are taken for OCR noise. */
const MAX_AGE_YEARS = 20;

export type DateOptions = {
  /** The user's today (YYYY-MM-DD): no receipt is dated after it. */
  today: string;
  /** For 03/04/2025, whether the day comes first (most of the world) or the month (the US). */
  dayFirst: boolean;
};

/**
 * `span`: where the date's own characters stand on its line (start, end), when read as printed: their
 * confidence, not the whole line's, says whether the date was hard to read. `misread`: the year was read
 * with one digit the calendar rules out ("2826"), taken back.
 */
export type DateCandidate = {
  iso: string;
  score: number;
  index: number;
  span?: [start: number, end: number];
  misread?: boolean;
};

type PrintedDate = { iso: string; span?: [start: number, end: number] };

/**
 * "Date" in the languages of the receipts read (Datum, Fecha, Data, Tanggal, Dt); the OCR may run the
 * label into the date ("Date2026.08.09"), so it ends where letters end.
 */
const DATE_LABEL = /\b(date|dated|tarikh|dt|datum|fecha|data|tanggal|invoice\s*dt)(?![a-z])/i;

/**
 * The receipt's date. Numeric dates with both parts ≤ 12 are read in the user's order unless that
 * would be in the future; dates on a line that says "date" win over others (e.g. a warranty expiry).
 */
export function findDate(lines: string[], options: DateOptions): string | undefined {
  return bestDate(dateCandidates(lines, options))?.iso;
}

/** The strongest candidate; among equals the first printed. */
export function bestDate(candidates: DateCandidate[]): DateCandidate | undefined {
  return candidates.reduce<DateCandidate | undefined>(
    (found, candidate) => (!found || candidate.score > found.score ? candidate : found),
    undefined,
  );
}

/** Every valid date printed on the receipt, scored: 2 for a date label on its line, 1 for a time. */
export function dateCandidates(lines: string[], options: DateOptions): DateCandidate[] {
  const candidates: DateCandidate[] = [];
  const lookalikes: DateCandidate[] = [];
  for (const [index, rawLine] of lines.entries()) {
    const line = rawLine.replace(/(?<=\d)[oO]|[oO](?=\d)/g, '0');
    // A date labelled as such, or printed with the time of sale, is the receipt's own date.
    // The time may run into AM/PM ("11:32AM") as the OCR reads it, or a photo's OCR put a space after
    // its colon ("18: 22").
    const score = (DATE_LABEL.test(line) ? 2 : 0) + (/\d:\s?\d{2}(?!\d)/.test(line) ? 1 : 0);
    const found = datesInLine(line, options);
    if (found.length === 0 && score >= 2) {
      const unseparated = [...compactDates(line, options.today), ...slashesReadAsDigits(line, options)];
      found.push(...unseparated.map((iso) => ({ iso })));
    }
    for (const { iso, span } of found) candidates.push({ iso, score, index, span });
    // A date printed with the time of sale or its label, whose year has one misread digit: the date
    // a person checks, ranked below any date read as printed.
    if (found.length === 0 && score >= 1) {
      for (const iso of yearsMisread(line, options))
        candidates.push({ iso, score: score - 0.5, index, misread: true });
      for (const iso of lettersReadAsDigits(line, options))
        lookalikes.push({ iso, score: score - 0.5, index, misread: true });
    }
  }
  // Letters taken for digits are a last resort: any date read otherwise is the receipt's.
  if (candidates.length === 0) candidates.push(...lookalikes);
  return candidates.filter((candidate) => !misreadEarlierYear(candidate, candidates));
}

/**
 * The sale's date printed again with a year one digit apart, two or more years earlier ("10-05-2007" and
 * a footer "10/05/17"): the earlier year is the misread digit, since a receipt is not printed years
 * after the sale. Later dates of another day (a points expiry, a warranty) say nothing of it.
 */
function misreadEarlierYear(candidate: DateCandidate, all: DateCandidate[]): boolean {
  const year = candidate.iso.slice(0, 4);
  return all.some(
    (other) =>
      other.iso.slice(4) === candidate.iso.slice(4) &&
      Number(other.iso.slice(0, 4)) - Number(year) >= 2 &&
      [...year].filter((digit, position) => digit !== other.iso[position]).length === 1,
  );
}

function datesInLine(line: string, options: DateOptions): PrintedDate[] {
  const found: PrintedDate[] = [];
  const spanOf = (m: RegExpMatchArray): [number, number] => [m.index ?? 0, (m.index ?? 0) + m[0].length];
  const add = (year: number, month: number, day: number, m: RegExpMatchArray) => {
    const iso = validDate(year, month, day, options.today);
    if (iso) found.push({ iso, span: spanOf(m) });
  };
  const addNumeric = (first: number, second: number, year: number, m: RegExpMatchArray) => {
    const iso = resolveNumeric(first, second, year, options);
    if (iso) found.push({ iso, span: spanOf(m) });
  };

  // 2025-03-14, 2025/3/14, 2025.03.14
  // A year of this century or the last may follow a label with no space ("Date2026.08.09").
  for (const m of line.matchAll(
    /(?<![\p{L}\d])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d(?!\d?:\d{2}))|(?<!\d)((?:19|20)\d{2})([-/.])(\d{1,2})\6(\d{1,2})(?!\d(?!\d?:\d{2}))/gu,
  )) {
    if (m[5]) {
      add(Number(m[5]), Number(m[7]), Number(m[8]), m);
      continue;
    }
    add(Number(m[1]), Number(m[3]), Number(m[4]), m);
  }
  // 14/03/2025, 03-14-25, 14.3.2025: the order is decided below. A point before the day ends a
  // word ("mar.24/03/2026": a weekday the OCR glued on), never a figure. The time may run into the year.
  for (const m of line.matchAll(
    /(?<![\d/-])(?<!\d\.)(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{2}(?=\d{1,2}:\d{2})|\d{4}(?=\d{1,2}:\d{2})|(?:\d{4}|\d{2})(?!\d))/g,
  )) {
    addNumeric(Number(m[1]), Number(m[3]), fullYear(m[4] ?? ''), m);
  }
  // Failing that, a short year run into the time with the space between read as a digit
  // ("17/10/26517:46"): read as a long year, "2651" is no year.
  if (found.length === 0) {
    for (const m of line.matchAll(/(?<![\d/-])(\d{1,2})([-/.])(\d{1,2})\2(\d{2})\d(?=[0-2]\d:\d{2})/g)) {
      addNumeric(Number(m[1]), Number(m[3]), fullYear(m[4] ?? ''), m);
    }
  }
  // Failing that, a long year run into a time whose colon was lost ("17.07.20261020"): four more
  // digits that make a time of day, and no fifth.
  if (found.length === 0) {
    for (const m of line.matchAll(
      /(?<![\d/-])(\d{1,2})([-/.])(\d{1,2})\2((?:19|20)\d{2})(?=(?:[01]\d|2[0-3])[0-5]\d(?!\d))/g,
    )) {
      addNumeric(Number(m[1]), Number(m[3]), Number(m[4]), m);
    }
  }
  // Failing that, one of the two separators lost to a space ("15 03-2026", "15.03 2026"): with a long
  // year, digits spaced this way are a date, not an amount or a code.
  if (found.length === 0) {
    for (const m of line.matchAll(
      /(?<![\d/.-])(\d{1,2})(?: (\d{1,2})[-/.]|[-/.](\d{1,2}) )((?:19|20)\d{2})(?![\d/.-])/g,
    )) {
      addNumeric(Number(m[1]), Number(m[2] ?? m[3]), Number(m[4]), m);
    }
  }
  // 14 Mar 2025, 14-MAR-25, 14MAR2025
  const dayMonth = new RegExp(
    String.raw`(?<!\d)(\d{1,2})\s?[-/ .]?\s?${MONTH_NAME}\s?[-/ .,]?\s?(\d{4}|\d{2})(?!\d)`,
    'gi',
  );
  for (const m of line.matchAll(dayMonth)) add(fullYear(m[3] ?? ''), monthNumber(m[2]), Number(m[1]), m);
  // 12 juin 2026, 12. März 2026, 3 de enero de 2026: the month's name in the languages of Europe, day
  // first, with a long year (short, some of these names are words too: "set", "out").
  if (found.length === 0) {
    for (const m of line.matchAll(
      /(?<!\d)(\d{1,2})\.?\s?(?:de\s)?(\p{L}{3,10})\.?\s?(?:de\s)?((?:19|20)\d{2})(?!\d)/giu,
    )) {
      const month = europeanMonth(m[2] ?? '');
      if (month) add(Number(m[3]), month, Number(m[1]), m);
    }
  }
  // Mar 14, 2025 and March 14 2025
  const monthDay = new RegExp(
    // The time may follow the year with no space ("Nov02,202608:14"); the comma may be read as a point.
    String.raw`\b${MONTH_NAME}\s?(\d{1,2})(?:st|nd|rd|th)?[,.]?\s?(\d{4})(?!\d(?!\d?:\d{2}))`,
    'gi',
  );
  for (const m of line.matchAll(monthDay)) add(Number(m[3]), monthNumber(m[1]), Number(m[2]), m);
  return found;
}

/**
 * "24/03/2826 08:47": a day-first or month-first date whose four-digit year is no year a receipt can
 * have (after today, or too old), and exactly one digit of it changed makes it one: that year.
 */
function yearsMisread(line: string, options: DateOptions): string[] {
  const found: string[] = [];
  for (const m of line.matchAll(/(?<![\d/-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4})(?!\d(?!\d?:\d{2}))/g)) {
    const [first, second, printed] = [Number(m[1]), Number(m[3]), m[4] ?? ''];
    if (resolveNumeric(first, second, Number(printed), options)) continue;
    const readings = new Set<string>();
    for (let position = 0; position < 4; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        const year = `${printed.slice(0, position)}${digit}${printed.slice(position + 1)}`;
        const iso = year === printed ? undefined : resolveNumeric(first, second, Number(year), options);
        if (iso) readings.add(iso);
      }
    }
    if (readings.size === 1) found.push(...readings);
  }
  return found;
}

/** Letters a photo's OCR reads for the digits they look like; an S may be a 5 or an 8. */
const DIGIT_LOOKALIKES: Record<string, string[]> = {
  O: ['0'],
  o: ['0'],
  S: ['5', '8'],
  s: ['5', '8'],
  I: ['1'],
  l: ['1'],
  B: ['8'],
  Z: ['2'],
};
const LOOKALIKE = String.raw`[\dOoSsIlBZ]`;

/**
 * "Date 2l/1I/2026", "Aog 29 2026 7:55 PM": a date some of whose characters the OCR read as others that
 * look alike: a letter for a digit of the day or month (each part keeps a digit of its own), or one letter
 * of a month's name. Taken back only when one date can be meant ("21/0s/2026" may be May or August: none);
 * only on a line with a date label or a time; and the date is one a person checks.
 */
function lettersReadAsDigits(line: string, options: DateOptions): string[] {
  const found: string[] = [];
  const part = String.raw`(?=${LOOKALIKE}?\d)${LOOKALIKE}{1,2}`;
  const numeric = new RegExp(
    // Not a piece of a longer run of figures: a phone number ("0l.12.19.67.89"), a code.
    String.raw`(?<![\d/-])(?<!\d\.)(${part})([-/.])(${part})\2((?:19|20)\d{2}|\d{2})(?!\d(?!\d?:\d{2}))(?![-/.]\d)`,
    'g',
  );
  for (const m of line.matchAll(numeric)) {
    const [day, month, year] = [m[1] ?? '', m[3] ?? '', fullYear(m[4] ?? '')];
    if (/^\d*$/.test(day + month)) continue;
    const meant = new Set(
      digitReadings(day).flatMap((first) =>
        digitReadings(month).flatMap((second) => resolveNumeric(first, second, year, options) ?? []),
      ),
    );
    if (meant.size === 1) found.push(...meant);
  }
  for (const m of line.matchAll(/\b([a-z]{3})\s?(\d{1,2})(?:,\s?|\s)((?:19|20)\d{2})(?!\d(?!\d?:\d{2}))/gi)) {
    const month = monthOneLetterAway(m[1] ?? '');
    const iso = month ? validDate(Number(m[3]), month, Number(m[2]), options.today) : undefined;
    if (iso) found.push(iso);
  }
  return found;
}

/** Every number the characters may be, each letter read as each digit it looks like. */
function digitReadings(text: string): number[] {
  const readings = [...text].reduce<string[]>(
    (sofar, character) =>
      sofar.flatMap((start) => (DIGIT_LOOKALIKES[character] ?? [character]).map((digit) => start + digit)),
    [''],
  );
  return readings.map(Number);
}

/** Letters a photo's OCR confuses with each other in a word (the o of "Aog" was a u). */
const LETTER_LOOKALIKES = ['ou', 'oa', 'au', 'ce', 'co', 'nu', 'nh', 'il', 'tf', 'gq', 'vy'].map((pair) =>
  [...pair].sort().join(''),
);

/**
 * "Aog" → 8: the month whose short name differs from the word by one letter the OCR confuses with it, if
 * only one does. Other words a letter from a month stay words ("Bar", "Pay", "Sun").
 */
function monthOneLetterAway(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (MONTHS.includes(lower)) return undefined;
  const near = MONTHS.flatMap((name, index) => {
    const differ = [...name].flatMap((letter, position) =>
      letter === lower[position] ? [] : [[letter, lower[position] ?? ''].sort().join('')],
    );
    return differ.length === 1 && LETTER_LOOKALIKES.includes(differ[0] ?? '') ? [index + 1] : [];
  });
  return near.length === 1 ? near[0] : undefined;
}

/**
 * "Date/Time 20180428/191204": a date printed without separators, year first. Only tried on a line
 * that says it holds the date, so codes and long numbers elsewhere are not read as dates.
 */
function compactDates(line: string, today: string): string[] {
  const found: string[] = [];
  for (const m of line.matchAll(/(?<!\d)((?:19|20)\d{2})(\d{2})(\d{2})(?!\d)/g)) {
    const iso = validDate(Number(m[1]), Number(m[2]), Number(m[3]), today);
    if (iso) found.push(iso);
  }
  return found;
}

/**
 * "Date 0410542017": the OCR read both slashes of 04/05/2017 as digits. Only tried on a line that says
 * it holds the date, for ten digits that read as day, month and a year of this century or the last.
 */
function slashesReadAsDigits(line: string, options: DateOptions): string[] {
  const found: string[] = [];
  for (const m of line.matchAll(/(?<!\d)(\d{2})\d(\d{2})\d((?:19|20)\d{2})(?!\d)/g)) {
    const iso = resolveNumeric(Number(m[1]), Number(m[2]), Number(m[3]), options);
    if (iso) found.push(iso);
  }
  return found;
}

/**
 * The order the receipt itself prints numeric dates in, when one of them can only be read one way
 * ("25/03/2026" is day first, "03/25/2026" month first): true for day first, undefined when none tells.
 */
export function printedDateOrder(lines: string[]): boolean | undefined {
  for (const line of lines) {
    for (const m of line.matchAll(/(?<![\d/.-])(\d{1,2})([-/.])(\d{1,2})\2(?:\d{4}|\d{2})(?!\d)/g)) {
      const [first, second] = [Number(m[1]), Number(m[3])];
      if (first > 12 && first <= 31 && second >= 1 && second <= 12) return true;
      if (second > 12 && second <= 31 && first >= 1 && first <= 12) return false;
    }
  }
  return undefined;
}

function resolveNumeric(first: number, second: number, year: number, options: DateOptions) {
  const dayFirst = validDate(year, second, first, options.today);
  const monthFirst = validDate(year, first, second, options.today);
  if (dayFirst && monthFirst) return options.dayFirst ? dayFirst : monthFirst;
  return dayFirst ?? monthFirst;
}

function fullYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

/**
 * The months in French, German, Spanish, Italian, Dutch and Portuguese, by the start of their names
 * without accents ("févr." → "fevr"); English names are read by MONTH_NAME.
 */
const EUROPEAN_MONTHS: Array<[RegExp, number]> = [
  [/^(janv|janu|ener|genn|jane)/, 1],
  [/^(fevr|febr|febb|feve)/, 2],
  [/^(mars|marz|maerz|maart|mrt|marc)/, 3],
  [/^(avr|apri|abri)/, 4],
  // May whole: "mai" and "mag" begin other words.
  [/^(mai|mayo|mag|maggio|mei|maio)$/, 5],
  [/^(juin|juni|juno|junio|giug|junh)/, 6],
  [/^(juil|juli|julio|lugl|julh)/, 7],
  [/^(aout|agos|augu)/, 8],
  [/^(sept|sett|seti|setem)/, 9],
  [/^(octo|okto|octu|otto|outu)/, 10],
  [/^(nove|novi)/, 11],
  [/^(dece|deze|dici|dice)/, 12],
];

function europeanMonth(name: string): number | undefined {
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return EUROPEAN_MONTHS.find(([start]) => start.test(plain))?.[1];
}

function monthNumber(name: string | undefined): number {
  return MONTHS.indexOf((name ?? '').slice(0, 3).toLowerCase().replace('0', 'o')) + 1;
}

/** The ISO date if it exists on the calendar, is not after today and not absurdly old. */
function validDate(year: number, month: number, day: number, today: string): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  const iso = date.toISOString().slice(0, 10);
  const oldest = `${Number(today.slice(0, 4)) - MAX_AGE_YEARS}${today.slice(4)}`;
  if (iso > today || iso < oldest) return undefined;
  return iso;
}
