import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBox } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DataTable, type Column } from '~/components/ui/data-table';
import { Spinner } from '~/components/ui/spinner';
import { errorMessage, trpc, type RouterOutputs } from '~/lib/trpc';
import { LogOut } from 'lucide-react';
import { toast } from 'sonner';

type Session = RouterOutputs['auth']['sessions']['sessions'][number];

const BROWSERS: readonly (readonly [string, string])[] = [
  ['Edg/', 'Edge'],
  ['Firefox/', 'Firefox'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
];
const SYSTEMS: readonly (readonly [string, string])[] = [
  ['Android', 'Android'],
  ['iPhone', 'iPhone'],
  ['iPad', 'iPad'],
  ['Windows', 'Windows'],
  ['Mac OS', 'macOS'],
  ['Linux', 'Linux'],
];

/** "Firefox on Linux" from a user agent (the first mark found wins: Edge says Chrome too); else its text. */
export function deviceName(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([mark]) => userAgent.includes(mark))?.[1];
  const system = SYSTEMS.find(([mark]) => userAgent.includes(mark))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

function lastSeen(at: string) {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Where the user is signed in, with "Sign out" for each other session and "Sign out everywhere else". */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.auth.sessions.queryOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.auth.sessions.queryFilter());
  const endOne = useMutation(
    trpc.auth.endSession.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success(message);
        void refresh();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not sign that session out.')),
    }),
  );
  const endOthers = useMutation(
    trpc.auth.endOtherSessions.mutationOptions({
      onSuccess: ({ message }) => {
        toast.success(message);
        void refresh();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not sign the other sessions out.')),
    }),
  );

  if (sessions.isPending) return <Spinner label="Loading your sessions" />;
  if (sessions.isError) return <ErrorBox>Could not load your sessions. Please reload the page.</ErrorBox>;
  const rows = sessions.data.sessions;

  const signOut = (session: Session) =>
    session.current ? (
      <Badge tone="success">This device</Badge>
    ) : (
      <Button
        variant="secondary"
        size="sm"
        disabled={endOne.isPending}
        onClick={() => endOne.mutate({ id: session.id })}
        aria-label={`Sign out ${deviceName(session.userAgent)} (${session.ip})`}
      >
        <LogOut size={14} aria-hidden />
        Sign out
      </Button>
    );
  const columns: Column<Session>[] = [
    {
      key: 'device',
      header: 'Device',
      cell: (row) => deviceName(row.userAgent),
      cellClassName: 'font-medium',
    },
    { key: 'ip', header: 'Address', cell: (row) => row.ip || '—' },
    { key: 'seen', header: 'Last seen', cell: (row) => lastSeen(row.lastSeenAt) },
    { key: 'action', header: <span className="sr-only">Sign out</span>, cell: signOut, align: 'right' },
  ];

  return (
    <div className="space-y-4">
      <DataTable
        label="Where you are signed in"
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        card={(row) => (
          <div className="flex items-center justify-between gap-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium">{deviceName(row.userAgent)}</p>
              <p className="text-slate-600 dark:text-slate-400">
                {row.ip || '—'} · {lastSeen(row.lastSeenAt)}
              </p>
            </div>
            {signOut(row)}
          </div>
        )}
      />
      {rows.length > 1 ? (
        <Button variant="secondary" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
          <LogOut size={16} aria-hidden />
          Sign out everywhere else
        </Button>
      ) : null}
    </div>
  );
}
