import { Link } from '@tanstack/react-router';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-slate-600 sm:flex-row dark:text-slate-400">
        <p>© {new Date().getFullYear()} Paisable. Open source personal finance.</p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link to="/contact" className="hover:text-slate-900 dark:hover:text-white">
            Contact
          </Link>
          <Link to="/terms" className="hover:text-slate-900 dark:hover:text-white">
            Terms &amp; Privacy
          </Link>
          <Link to="/register" className="hover:text-slate-900 dark:hover:text-white">
            Create an account
          </Link>
        </nav>
      </div>
    </footer>
  );
}
