/**
 * The Reports page's bar chart, the first chart it shows (income vs expense) and the one of two more
 * reports, drawn as plain SVG: a chart library's bars cost the first chart 96 KB of code to download and
 * run on a slow phone, this a few. Bars are drawn from numbers (a chart cannot show more precision); every
 * figure written in a tooltip comes from the exact total. The SVG carries its own colours and fonts, so the
 * image download looks as the page does.
 */
import { formatMoneyTotal, totalToNumber } from '~/lib/format';
import { useTheme } from '~/lib/theme';
import {
  memo,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';

import type { CentsTotal } from '@paisable/contracts/rules';

import {
  axisTicks,
  chartTheme,
  formatMoneyCompact,
  longBucket,
  shortBucket,
} from '../dashboard/charts/chart-style';
import { ChartTooltip, TooltipRow } from '../dashboard/charts/chart-tooltip';
import { BAR_MARGIN, layoutBars, LEGEND_ITEM_HEIGHT, LEGEND_ITEM_WIDTH } from './bar-geometry';

const monthDay = (month: string) => `${month}-01`;

type Series = { key: string; label: string; color: string };

/**
 * A report's row as the server sent it: a month and its totals by name (other fields, such as its
 * conversion, are not drawn). The page passes the query's own rows, so the memo holds between renders.
 */
type BarRow = { readonly month: string; readonly [key: string]: unknown };

/** A series' total in a row: the minor units the server sent, zero where it has none (no budget). */
const totalIn = (row: BarRow | undefined, key: string | undefined): CentsTotal => {
  const value = key === undefined ? undefined : row?.[key];
  return typeof value === 'string' ? (value as CentsTotal) : '0';
};

/** The bar whose figures the tooltip shows, and where it points: the pointer, or the bar's top. */
type Shown = { bar: number; at?: { x: number; y: number }; byKeyboard?: boolean };

const FONT = { fontFamily: 'sans-serif', fontSize: 12 } as const;
const SYMBOL_SIZE = 10;
const SYMBOL_SPACING = 8;
const TOOLTIP_GAP = 14;

/**
 * Bars per month, side by side for each series (income and expense; this year and the year before), with
 * money ticks in the report's currency. A bar's exact figures show in a tooltip on hover, on a tap, and from
 * the keyboard: the chart is one tab stop and the arrow keys move from bar to bar (Home, End, Escape too).
 * Drawn again only when its own figures change: the page re-renders as each other report arrives.
 */
export const MonthBars = memo(function MonthBars({
  rows,
  series,
  label,
  currency,
}: {
  rows: readonly BarRow[];
  series: readonly Series[];
  label: string;
  currency: string;
}) {
  const { theme } = useTheme();
  const style = chartTheme(theme);
  const text = style.text.fill;
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const tooltipId = useId();

  // Measured before the first paint, so the chart shows in the same frame as its card.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((previous) =>
        previous?.width === width && previous.height === height ? previous : { width, height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const values = useMemo(
    () => rows.map((row) => series.map(({ key }) => totalToNumber(totalIn(row, key), currency))),
    [rows, series, currency],
  );
  const layout = useMemo(
    () => (size && size.width > 0 ? layoutBars(values, size.width, size.height) : null),
    [values, size],
  );
  const months = rows.map((row) => monthDay(row.month));
  const ticked = new Set(axisTicks(months));

  const bar = shown && layout ? layout.bars[shown.bar] : undefined;
  const move = (to: number) => {
    if (!layout || layout.bars.length === 0) return;
    setShown({ bar: Math.min(layout.bars.length - 1, Math.max(0, to)), byKeyboard: true });
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const from = shown?.bar ?? -1;
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(from + 1),
      ArrowDown: () => move(from + 1),
      ArrowLeft: () => move(from < 0 ? 0 : from - 1),
      ArrowUp: () => move(from < 0 ? 0 : from - 1),
      Home: () => move(0),
      End: () => move(Number.MAX_SAFE_INTEGER),
      Escape: () => setShown(null),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const pointAt = (index: number, event: PointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    // A tap points at the bar (a finger covers the spot it touched); a mouse at itself, as it moves.
    const at =
      event.pointerType === 'mouse' && rect
        ? { x: event.clientX - rect.left, y: event.clientY - rect.top }
        : undefined;
    setShown({ bar: index, ...(at && { at }) });
  };

  return (
    <div ref={box} className="relative h-full w-full">
      {layout ? (
        <svg
          width={size?.width}
          height={size?.height}
          role="img"
          aria-label={label}
          aria-describedby={bar ? tooltipId : undefined}
          tabIndex={0}
          className="rounded"
          onKeyDown={onKeyDown}
          // The first bar when tabbed to; a tap or a pointer has already chosen one.
          onFocus={() => setShown((current) => current ?? { bar: 0, byKeyboard: true })}
          onBlur={() => setShown(null)}
          onPointerLeave={(event) => {
            if (event.pointerType === 'mouse') setShown((current) => (current?.byKeyboard ? current : null));
          }}
        >
          <g transform={`translate(${BAR_MARGIN.left},${BAR_MARGIN.top})`}>
            {layout.yTicks.map((tick) => (
              <line
                key={`grid ${tick.value}`}
                x1={0}
                x2={layout.width}
                y1={tick.y}
                y2={tick.y}
                stroke={style.grid.line.stroke}
                strokeWidth={style.grid.line.strokeWidth}
              />
            ))}
            {layout.bars.map((entry) => (
              <rect
                key={`bar ${entry.row} ${entry.series}`}
                x={entry.x}
                y={entry.y}
                width={entry.width}
                height={entry.height}
                fill={series[entry.series]?.color ?? '#64748b'}
              />
            ))}
            {layout.yTicks.map((tick) => (
              <text
                key={`tick ${tick.value}`}
                x={-10}
                y={tick.y}
                textAnchor="end"
                dominantBaseline="central"
                fill={text}
                style={FONT}
              >
                {formatMoneyCompact(tick.value, currency)}
              </text>
            ))}
            {months.map((month, index) =>
              ticked.has(month) ? (
                <text
                  key={`month ${month}`}
                  x={layout.centres[index]}
                  y={layout.height + 10}
                  textAnchor="middle"
                  dominantBaseline="text-before-edge"
                  fill={text}
                  style={FONT}
                >
                  {shortBucket(month, 'month')}
                </text>
              ) : null,
            )}
            {series.map((entry, index) => {
              const x = layout.legend.x + LEGEND_ITEM_WIDTH * index;
              return (
                <g key={`legend ${entry.key}`} transform={`translate(${x},${layout.legend.y})`}>
                  <circle
                    cx={SYMBOL_SIZE / 2}
                    cy={LEGEND_ITEM_HEIGHT / 2}
                    r={SYMBOL_SIZE / 2}
                    fill={entry.color}
                  />
                  <text
                    x={SYMBOL_SIZE + SYMBOL_SPACING}
                    y={LEGEND_ITEM_HEIGHT / 2}
                    dominantBaseline="central"
                    fill={text}
                    style={FONT}
                  >
                    {entry.label}
                  </text>
                </g>
              );
            })}
            {bar && shown?.byKeyboard ? (
              <rect
                x={bar.x - 2}
                y={bar.y - 2}
                width={bar.width + 4}
                height={bar.height + 4}
                fill="none"
                stroke={text}
                strokeWidth={2}
                pointerEvents="none"
              />
            ) : null}
            {/* Each bar's column catches the pointer, so a thin bar on a phone is easy to tap. */}
            {layout.bars.map((entry, index) => (
              <rect
                key={`hit ${entry.row} ${entry.series}`}
                x={entry.hit.x}
                y={0}
                width={entry.hit.width}
                height={layout.height}
                fill="transparent"
                onPointerEnter={(event) => pointAt(index, event)}
                onPointerMove={(event) => pointAt(index, event)}
                onPointerDown={(event) => pointAt(index, event)}
              />
            ))}
          </g>
        </svg>
      ) : null}
      {bar && shown ? (
        <div
          id={tooltipId}
          role="tooltip"
          className="pointer-events-none absolute top-0 left-0 z-10 w-max"
          style={{
            transform: `translate(${shown.at?.x ?? BAR_MARGIN.left + bar.x + bar.width / 2}px, ${
              shown.at?.y ?? BAR_MARGIN.top + bar.y
            }px) translate(-50%, calc(-100% - ${TOOLTIP_GAP}px))`,
          }}
        >
          <ChartTooltip
            title={longBucket(months[bar.row] ?? '', 'month')}
            across={bar.row / Math.max(1, rows.length - 1)}
          >
            <TooltipRow
              color={series[bar.series]?.color ?? '#64748b'}
              label={series[bar.series]?.label ?? ''}
              value={formatMoneyTotal(totalIn(rows[bar.row], series[bar.series]?.key), currency)}
            />
          </ChartTooltip>
        </div>
      ) : null}
    </div>
  );
});
