import { useQuery } from '@tanstack/react-query';
import { CompletionInput } from '~/components/ui/completion-input';
import { Field } from '~/components/ui/field';
import { trpc } from '~/lib/trpc';
import { X } from 'lucide-react';
import { useState } from 'react';

import {
  mergedTagNames,
  TAG_NAME_MAX_LENGTH,
  tagKey,
  tagNameProblem,
  TAGS_PER_TRANSACTION_MAX,
} from '@paisable/contracts/rules';

type TagsFieldProps = {
  label?: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  hint?: string;
};

/** A tag's key, as typed ("#Holiday" is "holiday") or as saved. */
const keyOfTyped = (text: string) => tagKey(text.replace(/^#/, '').trim());

/**
 * Tags typed one by one: Enter, a space or a comma adds what is typed, a suggestion adds that tag (the
 * user's tags starting with, then containing, the text), and each chip's × takes one off. The user's
 * tags come from the Tags list, so a tag is spelled the same way on every row.
 */
export function TagsField({ label = 'Tags (Optional)', value, onChange, hint }: TagsFieldProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const known = useQuery(trpc.tags.list.queryOptions());
  const chosen = new Set(value.map(tagKey));

  function add(raw: string) {
    const name = raw.replace(/^#/, '').trim();
    if (!name) return;
    const found = tagNameProblem(name);
    if (found) return setProblem(found);
    // An existing tag keeps its spelling ("Holiday" stays "Holiday" when "holiday" is typed).
    const existing = known.data?.find((tag) => tagKey(tag.name) === tagKey(name));
    const next = mergedTagNames(value, [existing?.name ?? name]);
    if (next.length > TAGS_PER_TRANSACTION_MAX)
      return setProblem(`At most ${TAGS_PER_TRANSACTION_MAX} tags.`);
    setProblem(null);
    setText('');
    onChange(next);
  }

  return (
    <Field
      label={label}
      error={problem ?? undefined}
      hint={hint ?? 'Letters, digits, - and _. A #tag written in the note is added when you save.'}
    >
      {(id) => (
        <div className="space-y-2">
          {value.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Chosen tags">
              {value.map((tag) => (
                <li
                  key={tag}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-sm text-brand-800 dark:bg-brand-400/15 dark:text-brand-300"
                >
                  {tag}
                  <button
                    type="button"
                    aria-label={`Remove tag ${tag}`}
                    className="rounded-full p-0.5 hover:bg-brand-100 dark:hover:bg-brand-400/25"
                    onClick={() => onChange(value.filter((name) => name !== tag))}
                  >
                    <X size={12} aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <CompletionInput
            id={id}
            value={text}
            known={known.data}
            keyOf={keyOfTyped}
            omitted={(key) => chosen.has(key)}
            listLabel="Matching tags"
            onPick={add}
            maxLength={TAG_NAME_MAX_LENGTH + 1}
            placeholder="e.g. holiday-2026"
            onChange={(event) => {
              const next = event.target.value;
              // A space or comma ends a tag: tags hold neither.
              if (/[\s,]$/.test(next)) add(next.slice(0, -1));
              else setText(next);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                // Enter adds the tag instead of submitting the form.
                event.preventDefault();
                add(text);
              }
            }}
            onBlur={() => add(text)}
          />
        </div>
      )}
    </Field>
  );
}
