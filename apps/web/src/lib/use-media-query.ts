import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (rotating a phone, resizing a window). For
 * layouts that render different elements, not just different styles, at a breakpoint.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `sm` breakpoint: below it the screen is a phone's. */
export const PHONE_QUERY = '(max-width: 639.98px)';

/** The user asked the system for less motion: charts are drawn at once instead of growing in. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
