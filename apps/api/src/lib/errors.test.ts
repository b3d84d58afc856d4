import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { JSON_MAX_DEPTH, MESSAGES } from '@paisable/contracts';

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

  it('refuses text PostgreSQL cannot store, at any depth, with a 400', () => {
    const lists = z.object({ rows: z.array(z.object({ name: z.string() })) });
    for (const value of [{ name: 'a\u0000b' }, { rows: [{ name: 'ok' }, { name: '\u0000' }] }]) {
      const error = catchError(() => parseInput(z.union([schema, lists]), value));
      expect(error).toMatchObject({ status: 400, message: MESSAGES.textHasNullCharacter });
    }
    expect(parseInput(lists, { rows: [{ name: 'ok' }] })).toEqual({ rows: [{ name: 'ok' }] });
  });

  it('refuses input nested past the JSON limit with a 400, however deep, without exhausting the stack', () => {
    const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));
    for (const depth of [JSON_MAX_DEPTH + 1, 20_000]) {
      const error = catchError(() => parseInput(z.unknown(), nested(depth)));
      expect(error).toMatchObject({ status: 400, message: MESSAGES.jsonTooDeep });
    }
    expect(parseInput(z.unknown(), nested(JSON_MAX_DEPTH))).toHaveLength(1);
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
