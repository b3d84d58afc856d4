import { sql, type SQL } from 'drizzle-orm';

/**
 * A LIKE pattern that matches `text` literally anywhere in a value. `%`, `_` and the escape character
 * itself are escaped (PostgreSQL's default LIKE escape is `\`), so "50%" finds "50%" and not "500",
 * and "(.*" is just three characters, never a pattern.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Text as search and name sorting compare it: lower case without accents ("Über Café" → "uber cafe"), by
 * the database's `paisable_fold` (migration 0021), which the trigram and sort indexes are built on. Folding
 * keeps `%`, `_` and `\`, so a folded `containsPattern` is still the same literal pattern.
 */
export function folded(value: unknown): SQL<string> {
  return sql<string>`paisable_fold(${value})`;
}
