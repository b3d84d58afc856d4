import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const KEY = 'theme';
const listeners = new Set<() => void>();

function systemTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function currentTheme(): Theme {
  const saved = localStorage.getItem(KEY);
  return saved === 'dark' || saved === 'light' ? saved : systemTheme();
}

/** Applies a theme to the page: the `dark` class for styles and the matching favicon. */
export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.getElementById('favicon')?.setAttribute('href', `/favicon-${theme}.svg`);
}

export function useTheme() {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentTheme,
    // Prerendered pages are made in light; the theme script of index.html has already set the colours
    // before the first paint, and the toggle's icon follows once the page is hydrated.
    (): Theme => 'light',
  );
  const toggle = useCallback(() => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    localStorage.setItem(KEY, next);
    applyTheme(next);
    listeners.forEach((listener) => listener());
  }, []);
  return { theme, toggle };
}
