import { Link } from '@tanstack/react-router';
import { Brand } from '~/components/brand';
import { ThemeToggle } from '~/components/theme-toggle';
import { Button, buttonClasses } from '~/components/ui/button';
import { useCurrentUser, useLogout } from '~/lib/session';

/** The public header: Login and Sign Up, or Dashboard and Logout when signed in. */
export function SiteHeader() {
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <header className="border-b border-slate-200 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/80">
      <nav aria-label="Site" className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3">
        <Brand />
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {user ? (
            <>
              <Link to="/dashboard" className={buttonClasses('ghost', 'sm')}>
                Dashboard
              </Link>
              <Button variant="danger" size="sm" onClick={logout}>
                Logout
              </Button>
            </>
          ) : (
            <>
              <Link to="/login" className={buttonClasses('ghost', 'sm')} data-visitor-only>
                Login
              </Link>
              <Link to="/register" className={buttonClasses('primary', 'sm')} data-visitor-only>
                Sign Up
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
