import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { foldText } from '@paisable/contracts/rules';

import { CompletionInput } from './completion-input';

afterEach(cleanup);

const known = [
  { id: '1', name: 'Café Müller', count: 4 },
  { id: '2', name: 'Amazon', count: 12 },
  { id: '3', name: 'Bookshop Cafe', count: 1 },
  { id: '4', name: 'Cafeteria', count: 2 },
];

/** The box as a form holds it: what is typed, and the name picked. */
function Completing({ omitted }: { omitted?: (key: string) => boolean }) {
  const [value, setValue] = useState('');
  return (
    <CompletionInput
      aria-label="Payee"
      value={value}
      known={known}
      keyOf={foldText}
      omitted={omitted}
      listLabel="Matching payees"
      onPick={setValue}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}

const suggestions = () =>
  within(screen.getByRole('list', { name: 'Matching payees' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('CompletionInput', () => {
  it('offers known names holding the text (any case or accents), those starting with it first, with their counts', () => {
    render(<Completing />);
    const box = screen.getByRole('textbox', { name: 'Payee' });
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.change(box, { target: { value: 'CAFE' } });
    expect(suggestions()).toEqual(['Café Müller (4)', 'Cafeteria (2)', 'Bookshop Cafe (1)']);
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('list').id);
  });

  it('hands the picked name, spelled as saved, and hides the names it is told to', () => {
    render(<Completing omitted={(key) => key === 'cafeteria'} />);
    const box = screen.getByRole('textbox', { name: 'Payee' });
    fireEvent.change(box, { target: { value: 'cafe m' } });
    fireEvent.click(screen.getByRole('button', { name: 'Café Müller (4)' }));
    expect(box).toHaveProperty('value', 'Café Müller');
    fireEvent.change(box, { target: { value: 'caf' } });
    expect(suggestions()).toEqual(['Café Müller (4)', 'Bookshop Cafe (1)']);
  });
});
