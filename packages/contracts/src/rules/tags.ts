/** Tag rules without zod: the web form checks and completes tags with these. */
export const TAG_NAME_MAX_LENGTH = 40;
/** Tags on one transaction; more is a typo or a script gone wrong, not a way of filing. */
export const TAGS_PER_TRANSACTION_MAX = 20;
/** Tags one list filter may name (the rows carry all of them). */
export const TAG_FILTER_MAX = 10;

export const TAG_MESSAGES = {
  nameRequired: 'A tag needs a name.',
  nameTooLong: `A tag is at most ${TAG_NAME_MAX_LENGTH} characters.`,
  nameInvalid: 'A tag is made of letters, digits, - and _ (no spaces).',
  tooMany: `At most ${TAGS_PER_TRANSACTION_MAX} tags per transaction.`,
  filterTooMany: `Filter by at most ${TAG_FILTER_MAX} tags.`,
  notFound: 'Tag not found.',
} as const;

/**
 * Letters and digits of any script, `-` and `_`: a tag reads the same typed in the form or as `#tag`. Empty
 * passes here: the length check says what is wrong with an empty name.
 */
export const TAG_NAME_PATTERN = /^[\p{L}\p{N}_-]*$/u;

/** The same tag in any letter case: "Holiday" and "holiday" are one. */
export function tagKey(name: string): string {
  return name.toLowerCase();
}

/** The names of both lists once each (compared in any letter case), the first spelling kept, in order. */
export function mergedTagNames(...lists: readonly (readonly string[])[]): string[] {
  const seen = new Map<string, string>();
  for (const list of lists)
    for (const name of list) if (!seen.has(tagKey(name))) seen.set(tagKey(name), name);
  return [...seen.values()];
}

/**
 * The tags a note names: `#` then letters, digits, `-` or `_`, starting with a letter, not inside a word
 * ("#holiday-2026 dinner" → holiday-2026; "invoice #123" and "a#b" name none). A name over the length
 * limit is left as text.
 */
export function hashtagsIn(note: string): string[] {
  const found = [...note.matchAll(/(?<![\p{L}\p{N}_&#-])#(\p{L}[\p{L}\p{N}_-]*)/gu)].map(
    (match) => match[1] ?? '',
  );
  return mergedTagNames(found.filter((name) => name.length <= TAG_NAME_MAX_LENGTH));
}

/** What is wrong with a tag name as typed (without its `#`), or null. */
export function tagNameProblem(name: string): string | null {
  if (!name) return TAG_MESSAGES.nameRequired;
  if (name.length > TAG_NAME_MAX_LENGTH) return TAG_MESSAGES.nameTooLong;
  return TAG_NAME_PATTERN.test(name) ? null : TAG_MESSAGES.nameInvalid;
}
