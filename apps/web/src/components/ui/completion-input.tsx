import { useId, type InputHTMLAttributes } from 'react';

import { Input } from './field';

/** How many known names the completion offers at once. */
const SUGGESTIONS = 6;

type Known = { id: string; name: string; count: number };

type CompletionInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> & {
  value: string;
  /** The names to complete from, each with how many rows use it. */
  known: readonly Known[] | undefined;
  /** How names compare (case, accents): the text and a name match when one key holds the other. */
  keyOf: (name: string) => string;
  /** Names not to offer, by key (those already chosen, or the one typed in full). */
  omitted?: (key: string) => boolean;
  /** Names the list of suggestions for screen readers: "Matching payees". */
  listLabel: string;
  onPick: (name: string) => void;
};

/**
 * A text box that offers the user's known names matching what is typed (those starting with it first, then
 * those containing it) as buttons under it, each with its count. Picking one hands its name, spelled as
 * saved, to `onPick`. Used by the payee and tags fields.
 */
export function CompletionInput({
  value,
  known,
  keyOf,
  omitted = () => false,
  listLabel,
  onPick,
  ...input
}: CompletionInputProps) {
  const listId = useId();
  const typed = keyOf(value);
  const suggestions = typed
    ? (known ?? [])
        .filter((item) => !omitted(keyOf(item.name)) && keyOf(item.name).includes(typed))
        // Those starting with the text first (false sorts before true); the list's order otherwise.
        .sort((a, b) => Number(!keyOf(a.name).startsWith(typed)) - Number(!keyOf(b.name).startsWith(typed)))
        .slice(0, SUGGESTIONS)
    : [];
  return (
    <>
      <Input
        value={value}
        autoComplete="off"
        aria-controls={suggestions.length > 0 ? listId : undefined}
        {...input}
      />
      {suggestions.length > 0 ? (
        <ul id={listId} aria-label={listLabel} className="flex flex-wrap gap-1.5">
          {suggestions.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                // Before the box's blur acts on the half-typed text (the tags field adds it).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(item.name)}
                className="rounded-full border border-slate-300 px-2.5 py-0.5 text-sm text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {item.name} <span className="text-xs text-slate-500 dark:text-slate-400">({item.count})</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
