/**
 * A LIKE pattern that matches `text` literally anywhere in a value. `%`, `_` and the escape character
 * itself are escaped (PostgreSQL's default LIKE escape is `\`), so "50%" finds "50%" and not "500",
 * and "(.*" is just three characters, never a pattern.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
