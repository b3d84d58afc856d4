import { z } from 'zod';

import {
  mergedTagNames,
  TAG_FILTER_MAX,
  TAG_MESSAGES,
  TAG_NAME_MAX_LENGTH,
  TAG_NAME_PATTERN,
  TAGS_PER_TRANSACTION_MAX,
} from './rules/tags';

export {
  hashtagsIn,
  mergedTagNames,
  TAG_FILTER_MAX,
  TAG_MESSAGES,
  TAG_NAME_MAX_LENGTH,
  tagKey,
  tagNameProblem,
  TAGS_PER_TRANSACTION_MAX,
} from './rules/tags';

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

/** A transaction's tags: repeated names (in any case) count once. */
export const tagNames = z
  .array(tagName, { error: TAG_MESSAGES.nameRequired })
  .transform((names) => mergedTagNames(names))
  .pipe(z.array(z.string()).max(TAGS_PER_TRANSACTION_MAX, TAG_MESSAGES.tooMany));

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
