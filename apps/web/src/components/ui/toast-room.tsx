import { useEffect, useRef } from 'react';
import { useSonner } from 'sonner';

/** Room kept under the toast: its distance from the viewport's bottom edge plus its close button. */
const MARGIN_PX = 40;
/** A one-line toast, if the front one cannot be measured. */
const TOAST_PX = 56;

/**
 * Space at the end of the page, as tall as the toast showing (none without one). Toasts sit at the
 * bottom of the screen: without this room the page's last lines (a pager, the last row) would stay
 * under a toast however far the user scrolls.
 */
export function ToastRoom() {
  const { toasts } = useSonner();
  const room = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = room.current;
    if (!element) return;
    // The front toast is laid out by now; the ones behind it are stacked under it.
    const front = document.querySelector('[data-sonner-toast][data-front="true"]');
    const height = Math.ceil(front?.getBoundingClientRect().height ?? TOAST_PX) + MARGIN_PX;
    element.style.height = toasts.length === 0 ? '0px' : `${height}px`;
  }, [toasts]);
  return <div ref={room} aria-hidden data-toast-room="" />;
}
