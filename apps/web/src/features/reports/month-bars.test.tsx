import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MonthBars } from './month-bars';

const SERIES = [
  { key: 'incomeCents', label: 'Income', color: '#16a34a' },
  { key: 'expenseCents', label: 'Expense', color: '#dc2626' },
] as const;

const ROWS = [
  { month: '2025-01', incomeCents: '300000', expenseCents: '123456' },
  { month: '2025-02', incomeCents: '310000', expenseCents: '-2500' },
  { month: '2025-03', incomeCents: '0', expenseCents: null },
];

// jsdom lays nothing out: the chart's box is given the size a card gives it in a browser.
beforeEach(() => {
  localStorage.setItem('theme', 'light');
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 256 }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

function draw(rows: typeof ROWS = ROWS, currency = 'USD') {
  return render(
    <div>
      <MonthBars rows={rows} series={SERIES} label="Income and expense per month" currency={currency} />
      <button type="button">Elsewhere</button>
    </div>,
  );
}

const tooltip = () => screen.queryByRole('tooltip');

describe('the month bars', () => {
  it('draws an image with money ticks in the currency, month ticks and a legend', () => {
    draw();
    const chart = screen.getByRole('img', { name: 'Income and expense per month' });
    const texts = [...chart.querySelectorAll('text')].map((text) => text.textContent);
    // Month ticks as every chart's axis spaces them (the last month always labelled).
    expect(texts).toEqual(['$0', '$1K', '$2K', '$3K', 'Mar 25', 'Income', 'Expense']);
    // A bar per month and series, in the series' colours; the refund month's expense goes below zero.
    const bars = [...chart.querySelectorAll('rect:not([fill="transparent"]):not([fill="none"])')];
    expect(bars.map((bar) => bar.getAttribute('fill'))).toEqual([
      '#16a34a',
      '#dc2626',
      '#16a34a',
      '#dc2626',
      '#16a34a',
      '#dc2626',
    ]);
    const zeroLine = Number(bars[4]?.getAttribute('y'));
    expect(Number(bars[3]?.getAttribute('y'))).toBe(zeroLine);
    expect(Number(bars[3]?.getAttribute('height'))).toBeGreaterThan(0);
    expect(tooltip()).toBeNull();
  });

  it('scales a yen report’s axis by whole yen, as its figures are written', async () => {
    // ¥300,000 and ¥123,456: yen have no minor unit, so the totals are whole yen.
    draw(ROWS, 'JPY');
    const texts = [...screen.getByRole('img').querySelectorAll('text')].map((text) => text.textContent);
    expect(texts.slice(0, 4)).toEqual(['¥0', '¥100K', '¥200K', '¥300K']);
    await userEvent.setup().tab();
    expect(tooltip()?.textContent).toBe('January 2025Income¥300,000');
  });

  it('scales a dinar report’s axis by whole dinars: three decimals to the dinar', async () => {
    // 300.000 and 123.456 Bahraini dinars, in fils.
    draw(ROWS, 'BHD');
    const texts = [...screen.getByRole('img').querySelectorAll('text')].map((text) => text.textContent);
    expect(texts.slice(0, 4)).toEqual(['BHD\u00a00', 'BHD\u00a0100', 'BHD\u00a0200', 'BHD\u00a0300']);
    await userEvent.setup().tab();
    expect(tooltip()?.textContent).toBe('January 2025IncomeBHD\u00a0300.000');
  });

  it('shows each bar’s exact figure from the keyboard: tab in, arrows across, Escape and leaving close it', async () => {
    const user = userEvent.setup();
    draw();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('img'));
    expect(tooltip()?.textContent).toBe('January 2025Income$3,000.00');
    await user.keyboard('{ArrowRight}');
    expect(tooltip()?.textContent).toBe('January 2025Expense$1,234.56');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tooltip()?.textContent).toBe('February 2025Expense-$25.00');
    await user.keyboard('{End}');
    expect(tooltip()?.textContent).toBe('March 2025Expense$0.00');
    await user.keyboard('{Home}');
    expect(tooltip()?.textContent).toBe('January 2025Income$3,000.00');
    await user.keyboard('{Escape}');
    expect(tooltip()).toBeNull();
    await user.keyboard('{ArrowLeft}');
    expect(tooltip()?.textContent).toBe('January 2025Income$3,000.00');
    await user.tab();
    expect(tooltip()).toBeNull();
  });

  it('shows a bar’s figure on a tap anywhere in its column, until the tap goes elsewhere', () => {
    const { container } = draw();
    const columns = container.querySelectorAll('rect[fill="transparent"]');
    expect(columns).toHaveLength(6);
    fireEvent.pointerDown(columns[2] as Element, { pointerType: 'touch' });
    act(() => (screen.getByRole('img') as unknown as SVGElement).focus());
    expect(tooltip()?.textContent).toBe('February 2025Income$3,100.00');
    // A finger lifting leaves the chart; the figure stays to be read.
    fireEvent.pointerLeave(screen.getByRole('img'), { pointerType: 'touch' });
    expect(tooltip()).not.toBeNull();
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    expect(tooltip()).toBeNull();
  });

  it('follows a mouse from bar to bar and closes when it leaves the chart', () => {
    const { container } = draw();
    const columns = container.querySelectorAll('rect[fill="transparent"]');
    fireEvent.pointerEnter(columns[1] as Element, { pointerType: 'mouse', clientX: 120, clientY: 100 });
    expect(tooltip()?.textContent).toBe('January 2025Expense$1,234.56');
    fireEvent.pointerLeave(screen.getByRole('img'), { pointerType: 'mouse' });
    expect(tooltip()).toBeNull();
  });
});
