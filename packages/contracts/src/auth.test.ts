import { describe, expect, it } from 'vitest';

import { passwordCriteria, signupProblem } from './auth';
import { MESSAGES } from './messages';

describe('signupProblem', () => {
  it.each([
    ['ok@paisable.dev', 'abc123!x', null],
    ['no-at-sign', 'abc123!x', MESSAGES.invalidEmail],
    ['two@@x.io', 'abc123!x', MESSAGES.invalidEmail],
    ['me@nodot', 'abc123!x', MESSAGES.invalidEmail],
    ['me@EXAMPLE.com', 'abc123!x', MESSAGES.blockedDomain],
    ['me@invalid.com', 'abc123!x', MESSAGES.blockedDomain],
    ['me@sub.example.com', 'abc123!x', null],
    ['ok@paisable.dev', 'a1!', MESSAGES.passwordLength],
    ['ok@paisable.dev', 'abc123!xabc123!xy', MESSAGES.passwordLength],
    ['ok@paisable.dev', 'abcdefgh', MESSAGES.passwordCharacters],
    ['ok@paisable.dev', 'abc 1234', null],
  ])('%s / %s → %s', (email, password, expected) => {
    expect(signupProblem(email, password)).toBe(expected);
  });

  it('checks the e-mail before the password, as the spec orders the rules', () => {
    expect(signupProblem('bad', 'x')).toBe(MESSAGES.invalidEmail);
  });
});

describe('passwordCriteria', () => {
  it('reports each of the four criteria', () => {
    expect(passwordCriteria('')).toEqual({ length: false, letter: false, number: false, symbol: false });
    expect(passwordCriteria('Secret#123')).toEqual({
      length: true,
      letter: true,
      number: true,
      symbol: true,
    });
    expect(passwordCriteria('________')).toEqual({
      length: true,
      letter: false,
      number: false,
      symbol: true,
    });
  });
});
