/**
 * Deterministic fake finance data: the same seed always gives the same users, categories and
 * transactions (ids included), so two runs measure the same database.
 */

/** mulberry32: tiny, fast and good enough to spread fake data; not for anything secret. */
export function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (probability: number) => next() < probability,
    /** A version-4-shaped UUID from the generator, so ids are repeatable too. */
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = ((Math.floor(next() * 4) + 8) as number).toString(16);
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
}
export type Random = ReturnType<typeof randomFrom>;

/** Expense categories with merchant names and a typical amount range in cents. */
export const EXPENSES: Record<string, { names: string[]; cents: [number, number]; weight: number }> = {
  Food: {
    names: ['Pizza Palace', 'Sushi Bar', 'Corner Café', 'Burger Barn', 'Thai Garden', 'Taco Stand', 'Bakery'],
    cents: [450, 6500],
    weight: 18,
  },
  Groceries: {
    names: ['Whole Foods', 'Trader Joe’s', 'Aldi', 'Farmers Market', 'Costco', 'Lidl', 'Corner Shop'],
    cents: [800, 22000],
    weight: 16,
  },
  Shopping: {
    names: ['Amazon order', 'IKEA', 'Uniqlo', 'Bookshop', 'Hardware store', 'Shoe store', 'Pharmacy'],
    cents: [500, 45000],
    weight: 10,
  },
  Bills: {
    names: ['Electricity bill', 'Water bill', 'Internet', 'Phone plan', 'Rent', 'Home insurance', 'Gas bill'],
    cents: [2500, 180000],
    weight: 6,
  },
  Subscriptions: {
    names: ['Netflix', 'Spotify', 'iCloud storage', 'Gym membership', 'Newspaper', 'Disney+'],
    cents: [299, 4999],
    weight: 5,
  },
  Transportation: {
    names: ['Metro card', 'Uber ride', 'Fuel', 'Parking', 'Train ticket', 'Bike repair', 'Taxi'],
    cents: [250, 12000],
    weight: 10,
  },
  Entertainment: {
    names: ['Cinema', 'Concert tickets', 'Museum', 'Bowling', 'Video game', 'Theatre'],
    cents: [800, 15000],
    weight: 5,
  },
  Miscellaneous: {
    names: ['Gift for Sam', 'Haircut', 'Dry cleaning', 'Post office', 'Charity donation'],
    cents: [300, 9000],
    weight: 4,
  },
};

export const INCOMES: Record<string, { names: string[]; cents: [number, number]; weight: number }> = {
  Salary: { names: ['Monthly salary', 'Salary', 'Bonus'], cents: [250000, 650000], weight: 3 },
  'Freelance / Side Gig': {
    names: ['Logo design', 'Consulting', 'Website fix', 'Tutoring'],
    cents: [5000, 120000],
    weight: 2,
  },
  'Investment Returns': { names: ['Dividends', 'Interest', 'ETF sale'], cents: [100, 90000], weight: 1 },
  Gifts: { names: ['Birthday money', 'Gift from Mum'], cents: [2000, 20000], weight: 1 },
  Refunds: { names: ['Amazon refund', 'Train delay refund', 'Tax refund'], cents: [500, 40000], weight: 1 },
};

/** Custom categories (with their merchants) that users add on top of the built-ins. */
export const CUSTOM_EXPENSES: Record<string, string[]> = {
  Pets: ['Vet visit', 'Dog food', 'Cat litter', 'Pet insurance'],
  Kids: ['School trip', 'Daycare', 'Toys', 'Kids clothes'],
  Travel: ['Hotel', 'Flight', 'Airbnb', 'Travel insurance'],
  Health: ['Dentist', 'Physio', 'Pharmacy', 'Optician'],
  Hobbies: ['Climbing gym', 'Guitar strings', 'Paint supplies', 'Camera lens'],
  Garden: ['Seeds', 'Plants', 'Lawn mower service'],
};
export const CUSTOM_INCOMES: Record<string, string[]> = {
  'Rental income': ['Rent from tenant', 'Garage rent'],
  'Sold items': ['eBay sale', 'Sold bike', 'Vinted sale'],
};

/**
 * A word in 3 of the heavy user's 100,000 rows (the note of every 33,333rd row, none of the others'): the
 * rare-word search of issue 38, which walked all of the user's rows before it read the trigram indexes.
 */
export const RARE_WORD = 'ferry';
export const RARE_NOTE = 'ferry to the island';
export const RARE_NOTE_EVERY = 33_333;

export const NOTES = [
  'split with Alex',
  'paid by card',
  'reimbursable',
  'for the trip',
  'monthly',
  'birthday',
  'cash',
  'receipt in drawer',
  'shared with flatmates',
  'discounted',
];

/**
 * Tags with how often a tagged row carries each (weights): a common one and a rare one, since the list's tag
 * filter is planned differently for each (walk the list's order and probe, or read the tag's rows and sort).
 */
export const TAGS: [string, number][] = [
  ['tax-deductible', 30],
  ['reimbursable', 20],
  ['shared', 15],
  ['work', 12],
  ['kids', 8],
  ['holiday-2026', 6],
  ['gift', 4],
  ['health', 3],
  ['home-renovation', 1.5],
  ['one-off', 0.5],
];
export const COMMON_TAG = 'tax-deductible';
export const RARE_TAG = 'one-off';

export const TIME_ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney'];

/** A weighted pick: `weight` entries more likely in proportion. */
export function weightedPicker(entries: [string, number][]) {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  return (random: Random) => {
    let roll = random.next() * total;
    for (const [name, weight] of entries) {
      roll -= weight;
      if (roll < 0) return name;
    }
    return entries[entries.length - 1]![0];
  };
}

/** `YYYY-MM-DD` of `days` before `anchor` (a UTC calendar day). */
export function daysBefore(anchor: string, days: number): string {
  const date = new Date(`${anchor}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
