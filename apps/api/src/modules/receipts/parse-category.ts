import type { EXPENSE_CATEGORIES } from '@paisable/contracts';

type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** Words that point to a built-in expense category, in the merchant name or the items bought. */
const CATEGORY_WORDS: Array<[Exclude<ExpenseCategory, 'Miscellaneous'>, RegExp]> = [
  [
    'Groceries',
    /\b(grocer(y|ies)?|supermarket|hypermarket|mini\s?market|market|mart|fresh|provision|tesco|aeon|giant|mydin|lotus|walmart|aldi|lidl|costco|vegetables?|fruits?|milk|eggs?|bread|rice\s*\d|flour|sugar|bananas?|cheese)\b/gi,
  ],
  [
    'Food',
    /\b(restaurant|restoran|cafe|café|coffee|kopitiam|bakery|bistro|kitchen|food|foods|noodles?|mee|nasi|chicken|ayam|burger|pizza|mcdonald'?s?|kfc|sushi|tea|teh|kopi|drinks?|meals?|dine|dining|bar|grill|catering|snack|dessert|lunch|dinner|breakfast)\b/gi,
  ],
  [
    'Transportation',
    /\b(petrol|fuel|diesel|gasoline|petronas|shell|caltex|petron|parking|taxi|grab|uber|toll|bus|train|rail|metro|airline|airways|ferry|tyres?|auto|motor|car\s*wash)\b/gi,
  ],
  [
    'Bills',
    /\b(electric(ity)?|water|utility|utilities|telekom|internet|broadband|mobile\s*bill|phone\s*bill|insurance|tnb|gas\s*bill|council|rent)\b/gi,
  ],
  [
    'Entertainment',
    /\b(cinema|cinemas|movie|film|theat(re|er)|karaoke|games?|arcade|bowling|concert|tickets?|museum|zoo|park\s*admission)\b/gi,
  ],
  ['Subscriptions', /\b(subscription|netflix|spotify|membership|monthly\s*plan|annual\s*plan|renewal)\b/gi],
  [
    'Shopping',
    /\b(hardware|stationery|stationary|book\w*|notebooks?|pens?|pencils?|gift|gifts|deco|d\.?i\.?y|electrical|electronics?|fashion|clothing|apparel|shoes?|boutique|pharmacy|trading|enterprise|store|shop|department|home|furniture|toys?|cosmetics?|tools?)\b/gi,
  ],
];

/**
 * A built-in expense category for the receipt: the merchant's name counts three times as much as the
 * item lines, because "… Restaurant" says more than one "tea" on the bill.
 */
export function guessCategory(merchant: string, text: string): ExpenseCategory {
  let best: { category: ExpenseCategory; score: number } = { category: 'Miscellaneous', score: 0 };
  for (const [category, words] of CATEGORY_WORDS) {
    const score = 3 * count(merchant, words) + count(text, words);
    if (score > best.score) best = { category, score };
  }
  return best.category;
}

function count(text: string, words: RegExp): number {
  return text.match(words)?.length ?? 0;
}
