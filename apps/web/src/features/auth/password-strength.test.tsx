import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { PasswordStrength } from './password-strength';

afterEach(cleanup);

function filledSegments(container: HTMLElement) {
  return [...container.querySelectorAll('[data-filled="true"]')];
}

describe('PasswordStrength', () => {
  it.each([
    ['', 0, null],
    ['abc', 1, 'bg-red-600'],
    ['abc1', 2, 'bg-red-600'],
    ['abc12345', 3, 'bg-yellow-500'],
    ['abc1234!', 4, 'bg-green-600'],
  ])('"%s" fills %i segments', (password, count, colour) => {
    const { container } = render(<PasswordStrength password={password} />);
    const segments = filledSegments(container);
    expect(segments).toHaveLength(count);
    if (colour) for (const segment of segments) expect(segment.className).toContain(colour);
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe(String(count));
  });

  it('ticks each checklist item as it is met', () => {
    render(<PasswordStrength password="abcdefgh" />);
    expect(screen.getByText('8-16 characters').closest('li')?.dataset.met).toBe('true');
    expect(screen.getByText('At least one letter').closest('li')?.dataset.met).toBe('true');
    expect(screen.getByText('At least one number').closest('li')?.dataset.met).toBe('false');
    expect(screen.getByText('At least one symbol').closest('li')?.dataset.met).toBe('false');
  });
});
