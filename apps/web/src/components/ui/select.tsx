import { cn } from '~/lib/cn';
import type { SelectHTMLAttributes } from 'react';

import { inputClasses } from './field';

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(inputClasses, 'pr-8', className)} {...props} />;
}
