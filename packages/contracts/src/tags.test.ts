import { describe, expect, it } from 'vitest';

import { hashtagsIn, TAG_MESSAGES, tagFilter, tagNames, TAGS_PER_TRANSACTION_MAX } from './tags';

describe('tags', () => {
  it('reads #tags from a note: letters first, not inside a word, each once, spelled as first written', () => {
    expect(
      hashtagsIn('Dinner #holiday-2026 with #Work_trip, invoice #123, a#b, #HOLIDAY-2026 again'),
    ).toEqual(['holiday-2026', 'Work_trip']);
    expect(hashtagsIn('Café #élan #日本')).toEqual(['élan', '日本']);
    expect(hashtagsIn(`#${'x'.repeat(41)} #ok`)).toEqual(['ok']);
  });

  it('takes a transaction’s tags without the #, once each, and refuses bad names with a clear message', () => {
    expect(tagNames.parse([' #Trip ', 'trip', 'work'])).toEqual(['Trip', 'work']);
    const problems = (input: unknown) =>
      tagNames.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(problems([''])).toEqual([TAG_MESSAGES.nameRequired]);
    expect(problems(['two words'])).toEqual([TAG_MESSAGES.nameInvalid]);
    expect(problems(['x'.repeat(41)])).toEqual([TAG_MESSAGES.nameTooLong]);
    const many = Array.from({ length: TAGS_PER_TRANSACTION_MAX + 1 }, (_, index) => `t${index}`);
    expect(problems(many)).toEqual([TAG_MESSAGES.tooMany]);
  });

  it('reads a filter from a list or a comma-separated text', () => {
    expect(tagFilter.parse('a, b,,A')).toEqual(['a', 'b']);
    expect(tagFilter.parse(['x'])).toEqual(['x']);
    expect(tagFilter.parse('')).toEqual([]);
    expect(tagFilter.safeParse('a b').success).toBe(false);
  });
});
