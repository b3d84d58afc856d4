import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useContractForm } from './use-contract-form';

afterEach(cleanup);

type Draft = { name: string };

function NameForm({ save }: { save: (draft: Draft) => Promise<unknown> }) {
  const form = useContractForm<Draft>({
    initial: { name: '' },
    check: (_schemas, draft) => (draft.name.trim() ? null : 'Please enter a name.'),
    save,
    failed: 'Could not save.',
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      {form.problem ? <p role="alert">{form.problem}</p> : null}
      <label>
        Name
        <input {...form.text('name')} />
      </label>
      <button type="submit">{form.isSaving ? 'Saving...' : 'Save'}</button>
    </form>
  );
}

describe('useContractForm', () => {
  it('stops at the first problem and sends nothing', async () => {
    const save = vi.fn(() => Promise.resolve());
    render(<NameForm save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a name.');
    expect(save).not.toHaveBeenCalled();
  });

  it('sends a valid draft once, however often it is submitted while saving', async () => {
    let finish: () => void = () => {};
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<NameForm save={save} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Savings' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Saving...' });
    fireEvent.click(screen.getByRole('button', { name: 'Saving...' }));
    finish();
    await screen.findByRole('button', { name: 'Save' });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ name: 'Savings' }, expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('drops a problem as soon as the field is fixed, and never shows a stale one', async () => {
    const save = vi.fn(() => Promise.resolve());
    render(<NameForm save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Savings' } });
    expect(screen.queryByRole('alert')).toBeNull();
    // Emptied again: the problem comes back at once, still without sending anything.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' ' } });
    expect(screen.getByRole('alert').textContent).toBe('Please enter a name.');
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the form's own words when a failed save carries no message of the server's", async () => {
    const save = vi.fn(() => Promise.reject(new Error('Failed to fetch')));
    render(<NameForm save={save} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Savings' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not save.');
    // The form stays usable: a second try is sent.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
  });
});
