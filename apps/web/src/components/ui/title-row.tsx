import type { ReactNode } from 'react';

/** A page's title with its actions beside it, wrapping under it on a narrow screen. */
export function TitleRow({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center justify-between gap-3">{children}</div>;
}
