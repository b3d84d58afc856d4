import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { AppError, parseInput } from './errors';

describe('parseInput', () => {
  const schema = z.object({ name: z.string().min(1, 'Name is required') });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { name: 'Rent' })).toEqual({ name: 'Rent' });
  });

  it('throws a 400 AppError with the first message of the contract', () => {
    const error = catchError(() => parseInput(schema, { name: '' }));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400, message: 'Name is required' });
  });

  it('names the field when zod reports a wrong type', () => {
    expect(catchError(() => parseInput(schema, { name: 42 })).message).toMatch(/^name: /);
  });
});

function catchError(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}
