import { Tag } from 'lucide-react';

/** A row's tags as small chips, A to Z as the server sends them. Nothing when it has none. */
export function TagChips({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <span className={`flex flex-wrap gap-1 ${className ?? ''}`} aria-label={`Tags: ${tags.join(', ')}`}>
      {tags.map((tag) => (
        <span
          key={tag}
          className="inline-flex max-w-full items-center gap-0.5 truncate rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-400/15 dark:text-brand-300"
        >
          <Tag size={10} aria-hidden />
          {tag}
        </span>
      ))}
    </span>
  );
}
