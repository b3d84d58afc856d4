import { describe, expect, it } from 'vitest';

import { PAYEE_MESSAGES, PAYEE_NAME_MAX_LENGTH } from '@paisable/contracts';

import { createTestApp, seedUser } from '../helpers';
import { byName, payeeApi } from '../payee-fixtures';
import { UNKNOWN_ID } from '../transaction-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const { app, deps } = await createTestApp();
const { send, importStatement, rows, payees } = payeeApi(app);

type Rule = { id: string; pattern: string; payeeId: string; payee: string };

async function rules(authorization: string): Promise<Rule[]> {
  const { status, body } = await send('GET', '/payees/rules', authorization);
  expect(status).toBe(200);
  return body as Rule[];
}

describe('payee rules', () => {
  it('adds a rule (its text folded, its payee made when new) that files the next import’s rows, not the saved ones', async () => {
    const { authorization } = await seedUser(deps);
    await importStatement(authorization, ['2025-03-01,NFLX DIGITAL 866-579,-9.99']);

    const added = await send('POST', '/payees/rules', authorization, {
      pattern: '  Nflx   DIGITAL ',
      payee: 'Netflix',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ pattern: 'nflx digital', payee: 'Netflix' });
    expect(await rules(authorization)).toEqual([added.body]);
    // The payee is made with the rule, and no saved row moved to it.
    expect((await payees(authorization)).map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'Netflix', count: 0 },
      { name: 'NFLX DIGITAL 866-579', count: 1 },
    ]);

    await importStatement(authorization, [
      '2025-04-01,Nflx Digital 866-123,-9.99',
      '2025-04-02,Bakery,-3.00',
    ]);
    const april = await rows(authorization, '&startDate=2025-04-01');
    expect(april.map((row) => [row.bankPayee, row.payee])).toEqual([
      ['Bakery', 'Bakery'],
      ['Nflx Digital 866-123', 'Netflix'],
    ]);
    const march = await rows(authorization, '&endDate=2025-03-31');
    expect(march.map((row) => row.payee)).toEqual(['NFLX DIGITAL 866-579']);
  });

  it('edits a rule’s text and payee, names an existing payee in any case, and deletes it so imports stop following it', async () => {
    const { authorization } = await seedUser(deps);
    await importStatement(authorization, ['2025-03-01,Amazon,-20.00']);
    const { body: rule } = await send('POST', '/payees/rules', authorization, {
      pattern: 'amzn',
      payee: 'Amazon',
    });
    const edited = await send('PUT', `/payees/rules/${rule.id}`, authorization, {
      pattern: 'AMZN Mktp',
      payee: 'AMAZON',
    });
    expect(edited).toEqual({
      status: 200,
      body: { id: rule.id, pattern: 'amzn mktp', payeeId: rule.payeeId, payee: 'Amazon' },
    });
    await importStatement(authorization, ['2025-04-01,AMZN Mktp US*7Q1,-5.00']);
    expect(byName(await payees(authorization), 'Amazon').count).toBe(2);

    const deleted = await send('DELETE', `/payees/rules/${rule.id}`, authorization);
    expect(deleted).toEqual({ status: 200, body: { id: rule.id } });
    expect(await rules(authorization)).toEqual([]);
    await importStatement(authorization, ['2025-05-01,AMZN Mktp US*8R2,-6.00']);
    const may = await rows(authorization, '&startDate=2025-05-01');
    expect(may.map((row) => row.payee)).toEqual(['AMZN Mktp US*8R2']);
  });

  it('refuses text too short, empty or taken, and another user’s or an unknown rule, changing nothing', async () => {
    const owner = await seedUser(deps);
    const other = await seedUser(deps);
    const { body: mine } = await send('POST', '/payees/rules', owner.authorization, {
      pattern: 'amzn',
      payee: 'Amazon',
    });
    const { body: theirs } = await send('POST', '/payees/rules', other.authorization, {
      pattern: 'grocer',
      payee: 'Grocer',
    });
    const before = await userDataFingerprint(deps.db, [owner.user.id, other.user.id]);

    const refusals: [string, string, unknown, { status: number; message: string }][] = [
      [
        'POST',
        '/payees/rules',
        { pattern: ' ', payee: 'X' },
        { status: 400, message: PAYEE_MESSAGES.rulePatternRequired },
      ],
      [
        'POST',
        '/payees/rules',
        { pattern: 'é', payee: 'X' },
        { status: 400, message: PAYEE_MESSAGES.rulePatternTooShort },
      ],
      [
        'POST',
        '/payees/rules',
        { pattern: 'x'.repeat(PAYEE_NAME_MAX_LENGTH + 1), payee: 'X' },
        { status: 400, message: PAYEE_MESSAGES.rulePatternTooLong },
      ],
      [
        'POST',
        '/payees/rules',
        { pattern: 'amzn', payee: '' },
        { status: 400, message: PAYEE_MESSAGES.nameRequired },
      ],
      [
        'POST',
        '/payees/rules',
        { pattern: 'AMZN', payee: 'Other' },
        { status: 409, message: PAYEE_MESSAGES.ruleExists },
      ],
      [
        'PUT',
        `/payees/rules/${theirs.id}`,
        { pattern: 'mine', payee: 'X' },
        { status: 404, message: PAYEE_MESSAGES.ruleNotFound },
      ],
      [
        'PUT',
        `/payees/rules/${UNKNOWN_ID}`,
        { pattern: 'mine', payee: 'X' },
        { status: 404, message: PAYEE_MESSAGES.ruleNotFound },
      ],
      [
        'PUT',
        '/payees/rules/not-an-id',
        { pattern: 'mine', payee: 'X' },
        { status: 404, message: PAYEE_MESSAGES.ruleNotFound },
      ],
      [
        'DELETE',
        `/payees/rules/${theirs.id}`,
        undefined,
        { status: 404, message: PAYEE_MESSAGES.ruleNotFound },
      ],
    ];
    for (const [method, url, payload, expected] of refusals) {
      const answer = await send(method as 'POST', url, owner.authorization, payload);
      expect(answer, `${method} ${url} ${JSON.stringify(payload)}`).toEqual({
        status: expected.status,
        body: { message: expected.message },
      });
    }
    expect(await userDataFingerprint(deps.db, [owner.user.id, other.user.id])).toBe(before);

    // Another rule's text, on an edit: taken too.
    const { body: second } = await send('POST', '/payees/rules', owner.authorization, {
      pattern: 'bakery',
      payee: 'Bakery',
    });
    const taken = await send('PUT', `/payees/rules/${second.id}`, owner.authorization, {
      pattern: 'Amzn',
      payee: 'Bakery',
    });
    expect(taken).toEqual({ status: 409, body: { message: PAYEE_MESSAGES.ruleExists } });
    expect((await rules(owner.authorization)).map((rule) => rule.pattern)).toEqual(['amzn', 'bakery']);
    expect(await rules(owner.authorization)).toContainEqual(mine);
    expect(await rules(other.authorization)).toEqual([theirs]);
  });

  it('two edits racing onto the same bank text: one wins, the other hears 409 and changes nothing', async () => {
    const { authorization } = await seedUser(deps);
    // Each round starts three requests together, so they find the text free before any has saved it.
    // Payees are told apart by their words, not digits: each round has a word of its own.
    for (const round of ['alpha', 'bravo', 'charlie', 'delta']) {
      const pattern = `streamer ${round}`;
      const { body: first } = await send('POST', '/payees/rules', authorization, {
        pattern: `first ${round}`,
        payee: 'First',
      });
      const { body: second } = await send('POST', '/payees/rules', authorization, {
        pattern: `second ${round}`,
        payee: 'Second',
      });
      // Each edit also names a payee of its own, made with it: the loser's must not be left behind.
      const answers = await Promise.all([
        send('PUT', `/payees/rules/${first.id}`, authorization, { pattern, payee: `${round} Studio` }),
        send('PUT', `/payees/rules/${second.id}`, authorization, { pattern, payee: `${round} Cinema` }),
        // A new rule of that text at the same time: also refused when it comes second.
        send('POST', '/payees/rules', authorization, { pattern, payee: `${round} Theatre` }),
      ]);
      const won = answers.filter((answer) => answer.status === 200 || answer.status === 201);
      expect(won, JSON.stringify(answers)).toHaveLength(1);
      for (const answer of answers) {
        if (!won.includes(answer)) {
          expect(answer).toEqual({ status: 409, body: { message: PAYEE_MESSAGES.ruleExists } });
        }
      }
      const winner = won[0]?.body as Rule;
      const now = await rules(authorization);
      expect(now.filter((rule) => rule.pattern === pattern)).toEqual([winner]);
      // The losing edits left their rules as they were.
      for (const before of [first, second]) {
        if (before.id !== winner.id) expect(now).toContainEqual(before);
      }
      const made = (await payees(authorization))
        .map((payee) => payee.name)
        .filter((name) => name.startsWith(round));
      expect(made).toEqual([winner.payee]);
    }
  });

  it('keeps a payee’s rules when a rename merges it into another payee', async () => {
    const { authorization } = await seedUser(deps);
    await importStatement(authorization, ['2025-03-01,AMZN Mktp US*2K4,-12.00', '2025-03-03,Amazon,-20.00']);
    await send('POST', '/payees/rules', authorization, { pattern: 'amzn', payee: 'AMZN Mktp US*2K4' });
    const amzn = byName(await payees(authorization), 'AMZN Mktp US*2K4');
    await send('PUT', `/payees/${amzn.id}`, authorization, { name: 'Amazon' });
    expect((await rules(authorization)).map(({ pattern, payee }) => ({ pattern, payee }))).toEqual([
      { pattern: 'amzn', payee: 'Amazon' },
    ]);
  });

  it('a merge makes no rule from a payee name too short to name one business', async () => {
    const { authorization } = await seedUser(deps);
    await importStatement(authorization, ['2025-03-01,X,-1.00', '2025-03-02,Shell,-30.00']);
    const list = await payees(authorization);
    const merged = await send('POST', '/payees/merge', authorization, {
      from: [byName(list, 'X').id],
      into: byName(list, 'Shell').id,
      makeRule: true,
    });
    expect(merged).toMatchObject({ status: 200, body: { movedCount: 1, rules: [] } });
    expect(await rules(authorization)).toEqual([]);
  });
});
