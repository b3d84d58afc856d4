import { describe, expect, it } from 'vitest';

import { pageTitle, titled, titleOfMatches } from './page-title';

describe('titleOfMatches', () => {
  it('takes the deepest route that names its page', () => {
    const matches = [{}, { meta: undefined }, { meta: titled(pageTitle('Budgets'))().meta }, { meta: [] }];
    expect(titleOfMatches(matches)).toBe('Budgets · Paisable');
  });

  it('is undefined when no route names one (the 404 page names itself)', () => {
    expect(titleOfMatches([{}, { meta: [{ name: 'description', content: 'x' }] }])).toBeUndefined();
  });
});
