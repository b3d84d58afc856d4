import { Link, type LinkProps } from '@tanstack/react-router';
import { Brand } from '~/components/brand';
import { CurrencyPicker } from '~/components/currency-picker';
import { ThemeToggle } from '~/components/theme-toggle';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { cn } from '~/lib/cn';
import { queueSnapshot } from '~/lib/offline/outbox';
import { useLogout } from '~/lib/session';
import { LogOut, Menu, X } from 'lucide-react';
import { useState } from 'react';

/** `short`: what the link shows below 1536 px, where nine full labels do not fit beside the controls. */
const LINKS: readonly { to: LinkProps['to']; label: string; short?: string }[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/transactions', label: 'Transactions' },
  { to: '/accounts', label: 'Accounts' },
  { to: '/receipts', label: 'Receipts' },
  { to: '/rules', label: 'Rules' },
  { to: '/settings', label: 'Settings' },
  { to: '/budgets', label: 'Budgets' },
  { to: '/reports', label: 'Reports' },
  { to: '/recurring-transactions', label: 'Recurring Transactions', short: 'Recurring' },
];

// Tight at laptop width (lg) so every link fits beside the controls from 1024 px; roomier from xl.
const linkClasses =
  'rounded-lg px-2 py-2 text-sm whitespace-nowrap lg:px-1.5 xl:px-3 font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
const activeClasses = 'bg-brand-50 text-brand-800 dark:bg-brand-400/15 dark:text-brand-300';

export function AppNav() {
  const signOut = useLogout();
  const [open, setOpen] = useState(false);
  // Changes made offline and not sent yet leave the device with the user: asked first, never lost unawares.
  const [unsentOnLogout, setUnsentOnLogout] = useState(0);
  const logout = () => {
    const unsent = queueSnapshot().length;
    if (unsent > 0) setUnsentOnLogout(unsent);
    else signOut();
  };
  return (
    <header
      className={cn(
        'sticky top-0 z-30 border-b border-slate-200 dark:border-slate-800',
        // Open, the phone menu lies over the page: opaque, so its links never mix with the text below.
        open ? 'bg-white shadow-lg dark:bg-slate-950' : 'bg-white/90 backdrop-blur dark:bg-slate-950/90',
      )}
    >
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 xl:gap-4">
        <Brand />
        <ul className="hidden flex-1 items-center gap-0.5 lg:flex xl:gap-1">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className={linkClasses}
                activeProps={{ className: activeClasses, 'aria-current': 'page' }}
              >
                <LinkLabel link={link} />
              </Link>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 sm:flex">
            <CurrencyPicker />
            <Button variant="danger" size="sm" onClick={logout} title="Logout">
              <LogOut size={16} aria-hidden />
              {/* At laptop width the links need the room: the icon stays, the word is for screen readers. */}
              <span className="lg:max-xl:sr-only">Logout</span>
            </Button>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X size={20} aria-hidden /> : <Menu size={20} aria-hidden />}
          </Button>
        </div>
      </nav>
      {open ? (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 lg:hidden dark:border-slate-800">
          <ul className="flex flex-col gap-1 pt-2">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={() => setOpen(false)}
                  className={`block ${linkClasses}`}
                  activeProps={{ className: activeClasses, 'aria-current': 'page' }}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex items-center gap-2 sm:hidden">
            <CurrencyPicker />
            <Button variant="danger" size="sm" onClick={logout}>
              <LogOut size={16} aria-hidden />
              Logout
            </Button>
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={unsentOnLogout > 0}
        title="Changes not sent yet"
        message={`${unsentOnLogout === 1 ? 'A change' : `${unsentOnLogout} changes`} you made offline ${unsentOnLogout === 1 ? 'has' : 'have'} not reached the server. Signing out deletes ${unsentOnLogout === 1 ? 'it' : 'them'} from this device.`}
        confirmLabel="Sign out anyway"
        onConfirm={() => {
          setUnsentOnLogout(0);
          signOut();
        }}
        onCancel={() => setUnsentOnLogout(0)}
      />
    </header>
  );
}

/** The full label from xl up (and for screen readers always); the short one at laptop width. */
function LinkLabel({ link }: { link: (typeof LINKS)[number] }) {
  if (!link.short || !link.label.startsWith(link.short)) return <>{link.label}</>;
  return (
    <>
      {link.short}
      <span className="max-2xl:sr-only">{link.label.slice(link.short.length)}</span>
    </>
  );
}
