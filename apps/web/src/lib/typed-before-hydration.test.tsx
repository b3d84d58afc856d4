import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

import { keepTypedFields } from './typed-before-hydration';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A controlled form that shows its state, so a test sees what React holds (not only the DOM). */
function Form() {
  const [name, setName] = useState('');
  const [kind, setKind] = useState('general');
  const [agree, setAgree] = useState(false);
  return (
    <form>
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <select aria-label="Kind" value={kind} onChange={(event) => setKind(event.target.value)}>
        <option value="general">General</option>
        <option value="billing">Billing</option>
      </select>
      <input
        aria-label="Agree"
        type="checkbox"
        checked={agree}
        onChange={(event) => setAgree(event.target.checked)}
      />
      <output>{`${name}|${kind}|${agree}`}</output>
    </form>
  );
}

/** The one element `selector` finds under `root`. */
function the<T extends Element>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`No ${selector}`);
  return found;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('typing into a prerendered form before hydration', () => {
  it('reaches the form state once React has attached, and the caret stays where it was', () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Form />);
    document.body.append(root);
    const name = the<HTMLInputElement>(root, 'input[aria-label="Name"]');
    const kind = the<HTMLSelectElement>(root, 'select');
    const agree = the<HTMLInputElement>(root, 'input[type="checkbox"]');

    // The visitor types before the app's code has arrived.
    name.value = 'Asha Rao';
    name.focus();
    name.setSelectionRange(2, 2);
    kind.value = 'billing';
    agree.checked = true;

    const replay = keepTypedFields(root);
    act(() => {
      hydrateRoot(root, <Form />);
    });
    act(() => replay());

    expect(the(root, 'output').textContent).toBe('Asha Rao|billing|true');
    expect(name.value).toBe('Asha Rao');
    expect(kind.value).toBe('billing');
    expect(agree.checked).toBe(true);
    expect(document.activeElement).toBe(name);
    expect([name.selectionStart, name.selectionEnd]).toEqual([2, 2]);
  });

  it('leaves an untouched form as it was rendered', () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Form />);
    document.body.append(root);

    const replay = keepTypedFields(root);
    act(() => {
      hydrateRoot(root, <Form />);
    });
    act(() => replay());

    expect(the(root, 'output').textContent).toBe('|general|false');
  });
});
