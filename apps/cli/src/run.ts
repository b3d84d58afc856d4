import { isPaisableError, PaisableRestError } from '@paisable/client';

import { accounts, accountsHelp } from './commands/accounts';
import { add, addHelp } from './commands/add';
import { exportAll, exportAllHelp, restore, restoreHelp } from './commands/backup';
import { exportCsv, exportHelp } from './commands/export';
import { importFile, importHelp } from './commands/import';
import { list, listHelp } from './commands/list';
import { login, loginHelp, logout } from './commands/login';
import {
  forgotPassword,
  forgotPasswordHelp,
  resetPassword,
  resetPasswordHelp,
} from './commands/password-reset';
import { payees, payeesHelp } from './commands/payees';
import { rates, ratesHelp } from './commands/rates';
import { report as reportCommand, reportHelp } from './commands/report';
import { sessions, sessionsHelp } from './commands/sessions';
import { CliError, readSettings, UsageError, type Io } from './io';
import { describeFailure } from './session';

type Command = { run: (args: string[], io: Io) => Promise<void> | void; help: string };

/** Each command; a new one (budgets, recurring, …) is one more line here and a file in commands/. */
const COMMANDS: Record<string, Command> = {
  login: { run: login, help: loginHelp },
  logout: {
    run: logout,
    help: 'paisable logout\n  Ends this session on the server and forgets the saved token.',
  },
  sessions: { run: sessions, help: sessionsHelp },
  'forgot-password': { run: forgotPassword, help: forgotPasswordHelp },
  'reset-password': { run: resetPassword, help: resetPasswordHelp },
  accounts: { run: accounts, help: accountsHelp },
  add: { run: add, help: addHelp },
  list: { run: list, help: listHelp },
  export: { run: exportCsv, help: exportHelp },
  import: { run: importFile, help: importHelp },
  report: { run: reportCommand, help: reportHelp },
  payees: { run: payees, help: payeesHelp },
  'export-all': { run: exportAll, help: exportAllHelp },
  restore: { run: restore, help: restoreHelp },
  rates: { run: rates, help: ratesHelp },
};

const USAGE = `Usage: pnpm paisable <command> [options]   (pnpm paisable help <command> for details)

${Object.values(COMMANDS)
  .map((command) => command.help.split('\n')[0])
  .join('\n')}
`;

/** Runs one command line; returns the exit code (0 done, 1 failed, 2 wrong usage). */
export async function run(argv: string[], io: Io): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = args[0] ? COMMANDS[args[0]] : undefined;
    io.stdout.write(topic ? `${topic.help}\n` : USAGE);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr.write(`Unknown command "${name}".\n\n${USAGE}`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(`${command.help}\n`);
    return 0;
  }
  try {
    await command.run(args, io);
    return 0;
  } catch (error) {
    return report(error, io, command);
  }
}

function report(error: unknown, io: Io, command: Command): number {
  if (
    error instanceof UsageError ||
    (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    io.stderr.write(`${error.message}\n\n${command.help}\n`);
    return 2;
  }
  if (error instanceof CliError || error instanceof PaisableRestError) {
    io.stderr.write(`${error.message}\n`);
    return 1;
  }
  if (isPaisableError(error) || (error instanceof TypeError && error.message.includes('fetch'))) {
    io.stderr.write(`${describeFailure(error, readSettings(io).url)}\n`);
    return 1;
  }
  throw error;
}
