import { Card } from '~/components/ui/card';
import { Construction } from 'lucide-react';

/** Stands in for a page that is not built yet, so every navigation link leads somewhere clear. */
export function PagePlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <Construction size={32} className="text-amber-600 dark:text-amber-400" aria-hidden />
        <p className="text-lg font-semibold">Coming soon</p>
        <p className="max-w-md text-slate-600 dark:text-slate-400">{description}</p>
      </Card>
    </div>
  );
}
