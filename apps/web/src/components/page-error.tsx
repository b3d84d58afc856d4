import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';

/**
 * A page whose data could not be loaded: what went wrong in words (offline, a page never opened on this
 * device says so), and a way to try again once the cause is gone.
 */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error && error.message ? error.message : 'This page could not be loaded.';
  return (
    <div className="mx-auto max-w-xl space-y-4 py-8">
      <ErrorBox>{message}</ErrorBox>
      <Button
        variant="secondary"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </div>
  );
}
