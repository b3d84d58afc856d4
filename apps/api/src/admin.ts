import fs from 'node:fs';
import path from 'node:path';

import { createDatabase, migrateDatabase, type Database } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import { loadEnv } from './env';
import { AppError } from './lib/errors';
import { disableTwoFactorAsOperator, resetPasswordAsOperator } from './modules/auth/operator-reset';

const USAGE = `Usage: pnpm paisable-admin reset-password EMAIL
  Sets a temporary password for the account (printed once) and signs it out everywhere.
       pnpm paisable-admin disable-two-factor EMAIL
  Turns off two-factor sign-in for a user who lost both the phone and the recovery codes.
  Uses DATABASE_URL; with the embedded database, stop the server first.`;

const COMMANDS = ['reset-password', 'disable-two-factor'];

type Output = { out: (line: string) => void; err: (line: string) => void };

/** Runs one operator command on an open database; returns the exit code (0 done, 1 failed, 2 wrong usage). */
export async function runAdmin(argv: string[], db: Database, { out, err }: Output): Promise<number> {
  const [command, email, ...rest] = argv;
  if (!COMMANDS.includes(command ?? '') || !email || rest.length > 0) {
    err(USAGE);
    return 2;
  }
  try {
    if (command === 'disable-two-factor') {
      const wasOn = await disableTwoFactorAsOperator({ db }, { email });
      out(wasOn ? `Two-factor sign-in is off for ${email}.` : `${email} had no two-factor sign-in.`);
      return 0;
    }
    const { temporaryPassword, sessionsEnded } = await resetPasswordAsOperator({ db }, { email });
    out(`Temporary password for ${email}: ${temporaryPassword}`);
    out(`${sessionsEnded} session(s) signed out. Ask the user to change it in Settings after signing in.`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}

/** The program: `pnpm paisable-admin reset-password EMAIL` (apps/api/bin/paisable-admin.mjs). */
export async function main() {
  const env = loadEnv();
  const output = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
  if (!COMMANDS.includes(process.argv[2] ?? '')) {
    output.err(USAGE);
    process.exit(2);
  }
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = env.DATABASE_URL;
  if (!url) {
    // The embedded database of a running server must not be started twice (it would be stopped under it).
    if (fs.existsSync(path.join(env.DATA_DIR, 'pg', 'postmaster.pid'))) {
      output.err('The server is running with its embedded database: stop it first, or set DATABASE_URL.');
      process.exit(1);
    }
    const embedded = await startEmbeddedPostgres(env.DATA_DIR);
    url = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const database = createDatabase(url, { max: 1 });
  await migrateDatabase(database.db);
  const code = await runAdmin(process.argv.slice(2), database.db, output);
  await database.close();
  await stopEmbedded?.();
  process.exit(code);
}
