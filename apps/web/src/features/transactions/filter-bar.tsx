import { useQuery } from '@tanstack/react-query';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { formatDate } from '~/lib/format';
import { trpc } from '~/lib/trpc';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';

import { hasFilters, tagsOf, withTag, type TransactionSearch } from './filters';

export const SEARCH_DEBOUNCE_MS = 300;

type FilterBarProps = {
  search: TransactionSearch;
  categories: string[];
  /** Every account, closed ones too: their rows stay findable. */
  accounts: readonly { id: string; name: string }[];
  /** Applies a change of filters; the page goes back to 1. */
  onChange: (filters: Partial<TransactionSearch>) => void;
  onClear: () => void;
};

export function FilterBar({ search, categories, accounts, onChange, onClear }: FilterBarProps) {
  const [text, setText] = useState(search.search ?? '');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if ((debounced || undefined) !== search.search) onChange({ search: debounced || undefined });
    // Only a settled change of the typed text may trigger a search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // Clear Filters or a chip can change the search from outside the box: show it. A change that came
  // from the box itself (it equals the settled text) must not overwrite what the user is still typing.
  const [shownSearch, setShownSearch] = useState(search.search);
  if (search.search !== shownSearch) {
    setShownSearch(search.search);
    if ((search.search ?? '') !== debounced) setText(search.search ?? '');
  }

  const knownTags = useQuery(trpc.tags.list.queryOptions());
  const knownPayees = useQuery(trpc.payees.list.queryOptions());
  const filteredTags = tagsOf(search) ?? [];
  const chips: { key: string; label: string; change: Partial<TransactionSearch> }[] = [
    ...filteredTags.map((tag) => ({
      key: `tag:${tag}`,
      label: `Tag: ${tag}`,
      change: { tags: withTag(search, tag, false) },
    })),
  ];
  const fieldChips = [
    search.search ? { key: 'search', label: `Search: “${search.search}”` } : null,
    search.type ? { key: 'type', label: search.type === 'income' ? 'Income' : 'Expense' } : null,
    search.category ? { key: 'category', label: search.category } : null,
    search.account ? { key: 'account', label: `Account: ${accountName(accounts, search.account)}` } : null,
    search.payee ? { key: 'payee', label: `Payee: ${search.payee}` } : null,
    search.from ? { key: 'from', label: `From ${formatDate(search.from)}` } : null,
    search.to ? { key: 'to', label: `To ${formatDate(search.to)}` } : null,
  ].filter((chip) => chip !== null);
  chips.unshift(...fieldChips.map((chip) => ({ ...chip, change: { [chip.key]: undefined } })));

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-[2fr_1fr_1fr_1fr_1fr_1fr_1fr_1fr]">
        <Field label="Search">
          {(id) => (
            <div className="relative">
              <Search
                size={16}
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
                aria-hidden
              />
              <Input
                id={id}
                type="search"
                placeholder="Name or note"
                value={text}
                onChange={(event) => setText(event.target.value)}
                className="pl-9"
              />
            </div>
          )}
        </Field>
        <Field label="Type">
          {(id) => (
            <Select
              id={id}
              value={search.type ?? ''}
              onChange={(event) =>
                onChange({ type: (event.target.value || undefined) as TransactionSearch['type'] })
              }
            >
              <option value="">All Types</option>
              <option value="income">Income</option>
              <option value="expense">Expense</option>
            </Select>
          )}
        </Field>
        <Field label="Category">
          {(id) => (
            <Select
              id={id}
              value={search.category ?? ''}
              onChange={(event) => onChange({ category: event.target.value || undefined })}
            >
              <option value="">All Categories</option>
              {categories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Account">
          {(id) => (
            <Select
              id={id}
              value={search.account ?? ''}
              onChange={(event) => onChange({ account: event.target.value || undefined })}
            >
              <option value="">All Accounts</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Payee">
          {(id) => (
            <Select
              id={id}
              value={search.payee ?? ''}
              onChange={(event) => onChange({ payee: event.target.value || undefined })}
            >
              <option value="">All Payees</option>
              {/* A payee from a link that the list does not hold (merged since) stays chosen. */}
              {search.payee && !knownPayees.data?.some((payee) => payee.name === search.payee) ? (
                <option value={search.payee}>{search.payee}</option>
              ) : null}
              {(knownPayees.data ?? []).map((payee) => (
                <option key={payee.id} value={payee.name}>
                  {payee.name} ({payee.count})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Tag">
          {(id) => (
            <Select
              id={id}
              value=""
              onChange={(event) => {
                if (event.target.value) onChange({ tags: withTag(search, event.target.value, true) });
              }}
            >
              <option value="">{filteredTags.length > 0 ? 'Add a tag' : 'All Tags'}</option>
              {(knownTags.data ?? [])
                .filter((tag) => !filteredTags.includes(tag.name))
                .map((tag) => (
                  <option key={tag.id} value={tag.name}>
                    {tag.name} ({tag.count})
                  </option>
                ))}
            </Select>
          )}
        </Field>
        <Field label="From">
          {(id) => (
            <Input
              id={id}
              type="date"
              value={search.from ?? ''}
              max={search.to}
              onChange={(event) => onChange({ from: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label="To">
          {(id) => (
            <Input
              id={id}
              type="date"
              value={search.to ?? ''}
              min={search.from}
              onChange={(event) => onChange({ to: event.target.value || undefined })}
            />
          )}
        </Field>
      </div>
      {search.from && search.to && search.from > search.to ? (
        <p
          role="status"
          className="flex flex-wrap items-center gap-2 text-sm text-amber-800 dark:text-amber-300"
        >
          “From” is after “To”, so no day is in this range.
          <Button variant="ghost" size="sm" onClick={() => onChange({ from: search.to, to: search.from })}>
            Swap the dates
          </Button>
        </p>
      ) : null}
      {hasFilters(search) ? (
        <div className="flex flex-wrap items-center gap-2" aria-label="Active filters">
          <span className="text-sm text-slate-600 dark:text-slate-400">Active:</span>
          {chips.map((chip) => (
            <button
              key={chip.key}
              type="button"
              onClick={() => onChange(chip.change)}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 hover:bg-brand-100 dark:bg-brand-400/15 dark:text-brand-300"
              aria-label={`Remove filter ${chip.label}`}
            >
              {chip.label}
              <X size={12} aria-hidden />
            </button>
          ))}
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear Filters
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A link to a deleted account can outlive it: the chip still says what it filters by. */
function accountName(accounts: FilterBarProps['accounts'], id: string): string {
  return accounts.find((account) => account.id === id)?.name ?? 'unknown';
}
