import { parseArgs } from 'node:util';

import { foldText } from '@paisable/contracts/rules';

import { UsageError, type Io } from '../io';
import { connect } from '../session';

export const payeesHelp = `paisable payees [--rename <name> --to <new name> | --merge <name>... --into <name> [--rule]]
paisable payees --rules | --add-rule <bank text> --payee <name> | --change-rule <bank text> [--to <bank text>] --payee <name> | --delete-rule <bank text>
  Lists your payees with how many transactions name each. --rename renames one everywhere (to a name you
  already use: the two merge); --merge moves payees' transactions to another and removes them (give
  --merge once per payee: all or none are merged), and --rule also files later imports of their bank text
  under the payee kept. Payees are named as listed (any case).
  --rules lists your payee rules: an import gives a row whose bank text contains a rule's text the rule's
  payee (made when new). Rules apply to later imports only; rows already saved keep their payee.
  Example:
    pnpm paisable payees --merge "AMZN Mktp US*2K4" --merge "AMZN Digital" --into Amazon --rule
    pnpm paisable payees --add-rule "amzn mktp" --payee Amazon`;

type Payee = { id: string; name: string; count: number };
type Rule = { id: string; pattern: string; payee: string };

/** The listed payee of this name (in any letter case or accents), or a usage error naming it. */
function named(list: Payee[], name: string): Payee {
  const found = list.find((payee) => foldText(payee.name) === foldText(name));
  if (!found) throw new UsageError(`You have no payee named "${name}" (see paisable payees).`);
  return found;
}

/** The rule looking for this bank text (compared as rules keep it), or a usage error naming it. */
function ruleFor(rules: Rule[], text: string): Rule {
  const found = rules.find((rule) => rule.pattern === foldText(text));
  if (!found) throw new UsageError(`You have no payee rule for "${text}" (see paisable payees --rules).`);
  return found;
}

const uses = (count: number) => (count === 1 ? '1 transaction' : `${count} transactions`);
const ruleLine = (rule: Rule) => `bank text containing "${rule.pattern}" → ${rule.payee}`;

export async function payees(args: string[], io: Io) {
  const { values } = parseArgs({
    args,
    options: {
      rename: { type: 'string' },
      to: { type: 'string' },
      merge: { type: 'string', multiple: true },
      into: { type: 'string' },
      rule: { type: 'boolean' },
      rules: { type: 'boolean' },
      'add-rule': { type: 'string' },
      'change-rule': { type: 'string' },
      'delete-rule': { type: 'string' },
      payee: { type: 'string' },
    },
  });
  const { client } = connect(io);
  const rulesAsked = [values['add-rule'], values['change-rule'], values['delete-rule']].some(
    (value) => value !== undefined,
  );
  if (values.rules || rulesAsked) return payeeRules(client, values, io);
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
      from: values.merge.map((name) => named(list, name).id),
      into: named(list, values.into).id,
      makeRule: values.rule ?? false,
    });
    const rule =
      merged.rules.length > 0 ? `; later imports containing "${merged.rules.join('", "')}" follow` : '';
    io.stdout.write(
      `Merged "${values.merge.join('", "')}" into "${merged.payee.name}" (${uses(merged.payee.count)})${rule}.\n`,
    );
    return;
  }
  for (const payee of list) io.stdout.write(`${payee.name}  ${uses(payee.count)}\n`);
}

type Client = ReturnType<typeof connect>['client'];
type RuleOptions = {
  to?: string;
  payee?: string;
  'add-rule'?: string;
  'change-rule'?: string;
  'delete-rule'?: string;
};

/** --rules, --add-rule, --change-rule and --delete-rule. */
async function payeeRules(client: Client, values: RuleOptions, io: Io) {
  if (values['add-rule'] !== undefined) {
    if (values.payee === undefined) throw new UsageError('--add-rule needs --payee <name>.');
    const made = await client.payees.createRule.mutate({ pattern: values['add-rule'], payee: values.payee });
    io.stdout.write(`Added: ${ruleLine(made)}. Later imports follow; saved rows keep their payee.\n`);
    return;
  }
  const rules = await client.payees.rules.query();
  if (values['change-rule'] !== undefined) {
    const current = ruleFor(rules, values['change-rule']);
    const changed = await client.payees.updateRule.mutate({
      id: current.id,
      pattern: values.to ?? current.pattern,
      payee: values.payee ?? current.payee,
    });
    io.stdout.write(`Changed: ${ruleLine(changed)}.\n`);
    return;
  }
  if (values['delete-rule'] !== undefined) {
    const current = ruleFor(rules, values['delete-rule']);
    await client.payees.deleteRule.mutate({ id: current.id });
    io.stdout.write(`Deleted: ${ruleLine(current)}.\n`);
    return;
  }
  if (rules.length === 0) io.stdout.write('No payee rules.\n');
  for (const rule of rules) io.stdout.write(`${ruleLine(rule)}\n`);
}
