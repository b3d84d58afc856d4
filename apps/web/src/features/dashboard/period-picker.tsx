import { Field, fieldErrorId, Input } from '~/components/ui/field';
import { Select } from '~/components/ui/select';

import { PERIOD_LABELS, PERIOD_PRESETS, type PeriodPreset } from '@paisable/contracts/rules';

import { customProblem, type DashboardSearch, type ShownPeriod } from './period';

/**
 * Which days the dashboard's cards and charts cover. The choice lives in the URL, so a reload, a bookmark
 * or the back button shows the same period. Choosing "Custom" starts from the days shown.
 */
export function PeriodPicker({
  search,
  shown,
  onChange,
}: {
  search: DashboardSearch;
  shown: ShownPeriod;
  onChange: (search: DashboardSearch) => void;
}) {
  const problem = customProblem(search);
  const choose = (preset: PeriodPreset) =>
    onChange(preset === 'custom' ? { period: preset, from: shown.from, to: shown.to } : { period: preset });
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Field label="Period" className="w-full sm:w-48">
        {(id) => (
          <Select
            id={id}
            value={shown.preset}
            onChange={(event) => choose(event.target.value as PeriodPreset)}
          >
            {PERIOD_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {PERIOD_LABELS[preset]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {search.period === 'custom' ? (
        <>
          <Field label="From" className="min-w-0 flex-1 sm:w-44 sm:flex-none">
            {(id) => (
              <Input
                id={id}
                type="date"
                value={search.from ?? ''}
                max={search.to}
                onChange={(event) => onChange({ ...search, from: event.target.value || undefined })}
              />
            )}
          </Field>
          <Field label="To" className="min-w-0 flex-1 sm:w-44 sm:flex-none" error={problem ?? undefined}>
            {(id) => (
              <Input
                id={id}
                type="date"
                value={search.to ?? ''}
                min={search.from}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? fieldErrorId(id) : undefined}
                onChange={(event) => onChange({ ...search, to: event.target.value || undefined })}
              />
            )}
          </Field>
        </>
      ) : null}
    </div>
  );
}
