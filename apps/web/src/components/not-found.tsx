import { Link } from '@tanstack/react-router';
import { buttonClasses } from '~/components/ui/button';
import { pageTitle } from '~/lib/page-title';
import { useEffect } from 'react';

export function NotFound() {
  useEffect(() => {
    document.title = pageTitle('Page not found');
  }, []);
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">404</p>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-400">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonClasses('primary')}>
        Go to the home page
      </Link>
    </main>
  );
}
