import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { checkedOnce } from './output';

const report = z.object({ months: z.array(z.object({ month: z.string(), cents: z.string() })) });

describe('checkedOnce', () => {
  it('hands out the checked output of a frozen result again without checking it twice', async () => {
    const check = checkedOnce(report);
    const remembered = Object.freeze({
      months: Object.freeze([Object.freeze({ month: '2025-01', cents: '5' })]),
    });
    const first = await check(remembered);
    expect(first).toEqual({ months: [{ month: '2025-01', cents: '5' }] });
    expect(await check(remembered)).toBe(first);
    // Frozen all the way down like the result, so its JSON may be written once (trpc/fastify.ts).
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.months[0])).toBe(true);
  });

  it('refuses a wrong result every time, frozen or not, and checks a result that is not frozen each time', async () => {
    const check = checkedOnce(report);
    const wrong = Object.freeze({ months: [{ month: '2025-01', cents: 5 }] });
    await expect(check(wrong)).rejects.toThrow();
    await expect(check(wrong)).rejects.toThrow();
    const changing = { months: [{ month: '2025-01', cents: '5' }] };
    expect(await check(changing)).toEqual(changing);
    (changing.months[0] as { cents: unknown }).cents = 5;
    await expect(check(changing)).rejects.toThrow();
  });
});
