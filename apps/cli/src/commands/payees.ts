import { parseArgs } from 'node:util';

import { UsageError, type Io } from '../io';
import { connect } from '../session';

export const payeesHelp = `paisable payees [--rename <name> --to <new name> | --merge <name> --into <name> [--rule]]
  Lists your payees with how many transactions name each. --rename renames one everywhere (to a name you
  already use: the two merge); --merge moves a payee's transactions to another and removes it, and --rule
  also files later imports of its bank text under the payee kept. Payees are named as listed (any case).
  Example:
    pnpm paisable payees --merge "AMZN Mktp US*2K4" --into Amazon --rule`;

type Payee = { id: string; name: string; count: number };

/** The listed payee of this name (in any letter case or accents), or a usage error naming it. */
function named(list: Payee[], name: string): Payee {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  const found = list.find((payee) => fold(payee.name) === fold(name));
  if (!found) throw new UsageError(`You have no payee named "${name}" (see paisable payees).`);
  return found;
}

const uses = (count: number) => (count === 1 ? '1 transaction' : `${count} transactions`);

export async function payees(args: string[], io: Io) {
  const { values } = parseArgs({
    args,
    options: {
      rename: { type: 'string' },
      to: { type: 'string' },
      merge: { type: 'string' },
      into: { type: 'string' },
      rule: { type: 'boolean' },
    },
  });
  const { client } = connect(io);
  const list = await client.payees.list.query();
  if (values.rename !== undefined) {
    if (values.to === undefined) throw new UsageError('--rename needs --to <new name>.');
    const kept = await client.payees.rename.mutate({ id: named(list, values.rename).id, name: values.to });
    io.stdout.write(`Renamed "${values.rename}" to "${kept.name}" (${uses(kept.count)}).\n`);
    return;
  }
  if (values.merge !== undefined) {
    if (values.into === undefined) throw new UsageError('--merge needs --into <name>.');
    const merged = await client.payees.merge.mutate({
      from: [named(list, values.merge).id],
      into: named(list, values.into).id,
      makeRule: values.rule ?? false,
    });
    const rule =
      merged.rules.length > 0 ? `; later imports containing "${merged.rules.join('", "')}" follow` : '';
    io.stdout.write(
      `Merged "${values.merge}" into "${merged.payee.name}" (${uses(merged.payee.count)})${rule}.\n`,
    );
    return;
  }
  for (const payee of list) io.stdout.write(`${payee.name}  ${uses(payee.count)}\n`);
}
