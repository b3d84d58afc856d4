import { useRef, useState, type ChangeEvent } from 'react';

import { MESSAGES } from '@paisable/contracts/rules';

import { loadSchemas, type Schemas } from './contract-schemas';
import { errorMessage } from './trpc';

type ContractFormOptions<Draft> = {
  /** What the fields hold when the form opens (the item being edited, or a blank one). */
  initial: Draft | (() => Draft);
  /**
   * The first problem with the draft, or null: the contract's own check (`firstProblem`) and any rule
   * of the form. It gets the schemas, which load lazily (see contract-schemas.ts).
   */
  check: (schemas: Schemas, draft: Draft) => string | null;
  /** Sends a draft that passed the check; an error it throws is shown in the problem box. */
  save: (draft: Draft, schemas: Schemas) => Promise<unknown>;
  /** The problem shown when a failed save carries no message of the server's. */
  failed: string;
};

/** The keys of a draft whose values are text: the ones a text box, a date box or a select edits. */
type TextKeys<Draft> = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft];

type TextControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The state and submit steps every add/edit form repeats: the draft, the problem box, and a submit that
 * loads the contract's schemas, stops at the first problem, saves and shows the server's refusal.
 * `text(field)` wires a text control to its field; `set(field, value)` changes any field.
 */
export function useContractForm<Draft extends object>({
  initial,
  check,
  save,
  failed,
}: ContractFormOptions<Draft>) {
  const [draft, setDraft] = useState<Draft>(initial);
  // Kept from the first submit on: the problem box then follows the draft, so a problem goes as soon as
  // the field is fixed and never outlives the value it was about (a cleared end date's "before the start").
  const [schemas, setSchemas] = useState<Schemas | null>(null);
  // A refusal the check cannot see again (the server's, a failed download): shown until the draft changes.
  const [refusal, setRefusal] = useState<{ message: string; draft: Draft } | null>(null);
  const [isSaving, setSaving] = useState(false);
  // A second Enter while the first submit runs must not send the form twice (state updates come late).
  const busy = useRef(false);

  const problem =
    (schemas ? check(schemas, draft) : null) ?? (refusal?.draft === draft ? refusal.message : null);

  function set<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((previous) => ({ ...previous, [field]: value }));
  }

  function text<K extends TextKeys<Draft>>(field: K) {
    return {
      value: draft[field] as string,
      onChange: (event: ChangeEvent<TextControl>) => set(field, event.target.value as Draft[K]),
    };
  }

  /** Shows a refusal of the form's own (a confirmation declined, a rule outside the contract). */
  function setProblem(message: string | null) {
    setRefusal(message === null ? null : { message, draft });
  }

  /** Starts over with another draft (the form switched to another kind of item): no problem shown until submitted. */
  function reset(next: Draft) {
    setDraft(next);
    setSchemas(null);
    setRefusal(null);
  }

  async function submit() {
    if (busy.current) return;
    busy.current = true;
    try {
      const loaded = await loadSchemas().catch(() => undefined);
      if (!loaded) return setProblem(MESSAGES.serverError);
      setSchemas(loaded);
      setRefusal(null);
      if (check(loaded, draft)) return;
      setSaving(true);
      await save(draft, loaded);
    } catch (error) {
      setProblem(errorMessage(error, failed));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  return { draft, set, setDraft, reset, text, problem, setProblem, isSaving, submit };
}
