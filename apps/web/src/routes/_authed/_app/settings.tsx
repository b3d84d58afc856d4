import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '~/features/settings/settings-page';
import { pageTitle, titled } from '~/lib/page-title';
import { useCurrentUser } from '~/lib/session';

export const Route = createFileRoute('/_authed/_app/settings')({
  head: titled(pageTitle('Settings')),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { user: loaded } = Route.useRouteContext();
  // The live user, so a currency changed in the navigation shows here too.
  const user = useCurrentUser() ?? loaded;
  return <SettingsPage user={user} />;
}
