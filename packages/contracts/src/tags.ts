import { z } from 'zod';

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

/** Letters and digits of any script, `-` and `_`: a tag reads the same typed in the form or as `#tag`. */
const TAG_NAME_PATTERN = /^[\p{L}\p{N}_-]+$/u;

/**
 * A tag's name as typed, without a leading `#` and surrounding spaces. Its spelling is kept; two names that
 * differ only in letter case are the same tag (the first spelling stays).
 */
export const tagName = z
  .string({ error: TAG_MESSAGES.nameRequired })
  .trim()
  .transform((name) => name.replace(/^#/, ''))
  .pipe(
    z
      .string()
      .min(1, TAG_MESSAGES.nameRequired)
      .max(TAG_NAME_MAX_LENGTH, TAG_MESSAGES.nameTooLong)
      .regex(TAG_NAME_PATTERN, TAG_MESSAGES.nameInvalid),
  );

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

/** A transaction's tags: repeated names (in any case) count once. */
export const tagNames = z
  .array(tagName, { error: TAG_MESSAGES.nameRequired })
  .transform((names) => mergedTagNames(names))
  .pipe(z.array(z.string()).max(TAGS_PER_TRANSACTION_MAX, TAG_MESSAGES.tooMany));

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

/** A list filter's tags: an array (tRPC) or one comma-separated text (`?tags=a,b`). */
export const tagFilter = z
  .union([z.array(z.string()), z.string().transform((text) => text.split(','))])
  .transform((names) => names.map((name) => name.trim()).filter(Boolean))
  .pipe(z.array(tagName).max(TAG_FILTER_MAX, TAG_MESSAGES.filterTooMany))
  .transform((names) => mergedTagNames(names));

/** Ids are checked by the server (unknown or another user's is "not found"), so any short string passes. */
export const tagId = z.string({ error: TAG_MESSAGES.notFound }).max(100);
export const tagIdInput = z.object({ id: tagId });
export const renameTagInput = z.object({ id: tagId, name: tagName });
export type RenameTagInput = z.output<typeof renameTagInput>;

export const tagOutput = z.object({
  id: z.string(),
  name: z.string(),
  /** Live transactions carrying it. */
  count: z.number().int(),
});
export type Tag = z.infer<typeof tagOutput>;
export const tagListOutput = z.array(tagOutput);
export const tagDeletedOutput = z.object({ id: z.string() });
