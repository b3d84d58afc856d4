import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { characterCount, Field, Input } from '~/components/ui/field';
import { useState, type FormEvent } from 'react';

import { CATEGORY_MAX_LENGTH } from '@paisable/contracts/rules';

type NewCategoryDialogProps = {
  open: boolean;
  existing: readonly string[];
  onCancel: () => void;
  onCreate: (name: string) => void;
};

/** Asks for the name of a new category (the original app's prompt, as a proper form). */
export function NewCategoryDialog({ open, existing, onCancel, onCreate }: NewCategoryDialogProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const trimmed = name.trim();
    if (!trimmed) return setError('Please enter a category name.');
    const duplicate = existing.find((category) => category.toLowerCase() === trimmed.toLowerCase());
    onCreate(duplicate ?? trimmed);
    setName('');
    setError(null);
  }

  return (
    <Dialog open={open} onClose={onCancel} title="New category" size="sm">
      <form onSubmit={submit} className="space-y-4">
        <Field
          label="Enter new category name:"
          hint={
            error ? (
              <span className="text-red-700 dark:text-red-300">{error}</span>
            ) : (
              characterCount(name, CATEGORY_MAX_LENGTH)
            )
          }
        >
          {(id) => (
            <Input
              id={id}
              value={name}
              maxLength={CATEGORY_MAX_LENGTH}
              onChange={(event) => setName(event.target.value)}
              autoFocus
              required
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Add category</Button>
        </div>
      </form>
    </Dialog>
  );
}
