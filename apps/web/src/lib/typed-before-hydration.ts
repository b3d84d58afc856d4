/**
 * What a visitor typed into a prerendered form before the app's code arrived. The prerendered fields
 * show at once, but React's state still holds the rendered values: on its next render a controlled
 * field would be reset to them (a select is even reset by hydration itself), and the typed text is lost.
 * So once React has attached, each changed field is replayed through React's own change path (the
 * events a person's typing fires), which brings what was typed into the form's state.
 */
type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isCheckable = (field: FormField): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether the field differs from what the page was rendered with. */
function isChanged(field: FormField): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/**
 * Call just before hydrating `root`; the returned function replays the changed fields once React is
 * attached. Every field is read at both times: hydration resets a select, and replaying one field
 * re-renders the form, which resets the controlled fields not replayed yet; typing may also go on
 * until React attaches. So each field's latest typed value is taken before the first replay.
 */
export function keepTypedFields(root: HTMLElement): () => void {
  const fields = [...root.querySelectorAll<FormField>('input, textarea, select')];
  const typedBefore = new Map(fields.filter(isChanged).map((field) => [field, valueOf(field)]));

  return () => {
    const caret = caretOf(fields.find((field) => field === document.activeElement));
    const typed = new Map<FormField, string>();
    for (const field of fields) {
      const value = isChanged(field) ? valueOf(field) : typedBefore.get(field);
      // Of a radio group only the option picked is replayed (picking it unpicks the rendered one).
      const isUnpickedRadio =
        field instanceof HTMLInputElement && field.type === 'radio' && value === 'false';
      if (value !== undefined && field.isConnected && !isUnpickedRadio) typed.set(field, value);
    }
    typedBefore.clear();
    for (const [field, value] of typed) replay(field, value);
    // Setting a value moves the caret to its end: it goes back where the person left it.
    caret?.field.setSelectionRange(caret.start, caret.end, caret.direction);
  };
}

const valueOf = (field: FormField) => (isCheckable(field) ? String(field.checked) : field.value);

function replay(field: FormField, typed: string) {
  // React may not have attached yet to the part of the page that holds the field (it hydrates each
  // suspense boundary in a later pass); an event on the field makes it attach there at once. With the
  // field back at its rendered value, React starts from the value of its state and sees no change.
  showRendered(field);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  // Then the typed value arrives as a person's input would, and React passes it to the form.
  if (field instanceof HTMLSelectElement) {
    field.value = typed;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (isCheckable(field)) {
    if (valueOf(field) !== typed) field.click();
  } else {
    // The element's own setter: React's setter on the field would record the value as already seen.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
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

/** The caret or selection of a focused text field (an e-mail field has none to read or set). */
function caretOf(field: FormField | undefined) {
  if (!field || field instanceof HTMLSelectElement || isCheckable(field)) return undefined;
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
