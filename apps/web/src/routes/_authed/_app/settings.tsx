import { createFileRoute } from '@tanstack/react-router';

import { PagePlaceholder } from '~/components/page-placeholder';

export const Route = createFileRoute('/_authed/_app/settings')({
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <PagePlaceholder title="Settings" description="Your account, display currency and account deletion." />
  );
}
