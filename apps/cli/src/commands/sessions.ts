import { parseArgs } from 'node:util';

import type { Io } from '../io';
import { connect } from '../session';

export const sessionsHelp = `paisable sessions [--end <id> | --others]
  Lists where you are signed in (this one marked *), ends one session by its id, or every other one.`;

export async function sessions(args: string[], io: Io) {
  const { values } = parseArgs({ args, options: { end: { type: 'string' }, others: { type: 'boolean' } } });
  const { client } = connect(io);
  if (values.end) {
    const { message } = await client.auth.endSession.mutate({ id: values.end });
    io.stdout.write(`${message}\n`);
    return;
  }
  if (values.others) {
    const { message } = await client.auth.endOtherSessions.mutate();
    io.stdout.write(`${message}\n`);
    return;
  }
  const list = await client.auth.sessions.query();
  for (const session of list.sessions) {
    const mark = session.current ? '*' : ' ';
    const seen = session.lastSeenAt.slice(0, 16).replace('T', ' ');
    io.stdout.write(`${mark} ${session.id}  ${seen}  ${session.ip || '-'}  ${session.userAgent || '-'}\n`);
  }
}
