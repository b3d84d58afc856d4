/**
 * What a visitor typed into a prerendered form before the app's code arrived. The prerendered fields
 * show at once, but React's state still holds the rendered values: on its next render a controlled
 * field would be reset to them (a select is reset by hydration itself), and the typed text is lost.
 * So the fields are read before hydration and, once React has attached, each changed one is replayed
 * through React's own change path (the events a person's typing fires), which brings it into the state.
 */
type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = { field: FormField; value: string; checked: boolean };

const isCheckable = (field: FormField): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether the field differs from what the page was rendered with. */
function isChanged(field: FormField): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/** Reads the changed fields under `root` now; the returned function replays them once React is attached. */
export function keepTypedFields(root: HTMLElement): () => void {
  const fields = [...root.querySelectorAll<FormField>('input, textarea, select')];
  let typed: Typed[] = fields
    .filter(isChanged)
    .map((field) => ({ field, value: field.value, checked: isCheckable(field) && field.checked }))
    // Of a radio group only the option picked is replayed (picking it unpicks the rendered one).
    .filter(
      ({ field, checked }) => !(field instanceof HTMLInputElement && field.type === 'radio' && !checked),
    );
  const focused = fields.find((field) => field === document.activeElement);
  const caret = focused && caretOf(focused);

  return () => {
    const replays = typed;
    typed = [];
    for (const entry of replays) {
      if (entry.field.isConnected) replay(entry);
    }
    if (focused?.isConnected && document.activeElement !== focused) focused.focus();
    if (caret) caret.field.setSelectionRange(caret.start, caret.end, caret.direction);
  };
}

function replay({ field, value, checked }: Typed) {
  // React may still be attaching to the part of the page that holds the field (it hydrates each
  // suspense boundary in a later pass); an event on the field makes it attach there at once. With the
  // field back at its rendered value, React starts from the same value as its state and reports no
  // change. The typed value is then set as a person's input would, and React reports that change.
  const typedNow = currentTyped(field) ?? (isCheckable(field) ? String(checked) : value);
  showRendered(field);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (field instanceof HTMLSelectElement) {
    field.value = typedNow;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (isCheckable(field)) {
    if (String(field.checked) !== typedNow) field.click();
  } else {
    // The element's own setter: React's setter on the field would record the value as already seen.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typedNow);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** What the field holds now if it still differs from the rendered value (typing may go on meanwhile). */
function currentTyped(field: FormField): string | undefined {
  if (!isChanged(field)) return undefined;
  return isCheckable(field) ? String(field.checked) : field.value;
}

function showRendered(field: FormField) {
  if (field instanceof HTMLSelectElement) {
    for (const option of field.options) option.selected = option.defaultSelected;
  } else if (isCheckable(field)) {
    field.checked = field.defaultChecked;
  } else {
    field.value = field.defaultValue;
  }
}

/** The caret or selection of a text field (an e-mail field has none to read or set). */
function caretOf(field: FormField) {
  if (field instanceof HTMLSelectElement || isCheckable(field)) return undefined;
  try {
    if (field.selectionStart === null || field.selectionEnd === null) return undefined;
    return {
      field,
      start: field.selectionStart,
      end: field.selectionEnd,
      direction: field.selectionDirection ?? undefined,
    };
  } catch {
    return undefined;
  }
}
