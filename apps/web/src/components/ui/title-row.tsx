import { useEffect, useRef, type ReactNode } from 'react';

/** Space between the row's bottom edge and the first toast: its close button sits 7 px above its box. */
const GAP_PX = 12;

/**
 * A page's title with its actions beside it, wrapping under it on a narrow screen.
 *
 * Toasts open just below this row (`--toasts-top`, read by the Toaster in `routes/__root.tsx`). A fixed
 * offset fitted a one-line row, but on a 360 px phone the actions of /transactions wrap onto three lines:
 * the toast after an import or a save covered them for 5 s, and stayed while a tap aimed at Import
 * hovered it. The row's bottom is measured again whenever its size changes (wrapping, a button added).
 */
export function TitleRow({ children }: { children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const root = document.documentElement;
    const placeToasts = () => {
      const bottom = element.getBoundingClientRect().bottom + window.scrollY;
      root.style.setProperty('--toasts-top', `${Math.round(bottom + GAP_PX)}px`);
    };
    // The observer also reports the row's first size, after layout: no layout forced while rendering.
    const observer = new ResizeObserver(placeToasts);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toasts-top');
    };
  }, []);
  return (
    <div ref={row} className="flex flex-wrap items-center justify-between gap-3">
      {children}
    </div>
  );
}
