import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React attaches to a prerendered page (and in the prerender itself), true from the render
 * after, and always true on a page React renders from scratch. A prerendered page shows a visitor's view:
 * whatever depends on the browser (the session, the theme) must render that view first, or React refuses
 * the page's HTML (error #418) and renders it all again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
