import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Conversion } from '@paisable/contracts';

import { ConvertedMark, TotalFigure, WithMark } from './converted-mark';

const CONVERTED: Conversion = {
  rates: [{ currency: 'EUR', rate: '1.25', date: '2025-03-09', source: 'user' }],
  missing: [],
};
const NO_RATE: Conversion = {
  rates: [],
  missing: [{ currency: 'EUR', from: '2025-03-01', to: '2025-03-09' }],
};

/** Where the mark is on the screen: jsdom lays nothing out, so the test moves it as a scroll would. */
let markTop = 200;
beforeEach(() => {
  markTop = 200;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() =>
    DOMRect.fromRect({ x: 40, y: markTop, width: 80, height: 20 }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function drawInScrollingTable() {
  render(
    <div data-testid="table-box" style={{ overflow: 'auto' }}>
      <ConvertedMark conversion={CONVERTED} currency="USD" />
    </div>,
  );
  return {
    note: () => screen.getByRole('tooltip'),
    shown: () => screen.getByRole('tooltip').classList.contains('block'),
  };
}

describe('the converted mark', () => {
  it('keeps its note under the mark while the page, or the box around it, scrolls', async () => {
    const { note, shown } = drawInScrollingTable();
    expect(shown()).toBe(false);
    await userEvent.setup().hover(screen.getByRole('button', { name: '≈ converted' }));
    expect(shown()).toBe(true);
    expect(note().style.top).toBe('224px');
    expect(note().textContent).toContain('latest 1 EUR = 1.25 USD');

    // The page scrolls 150 px down: the mark moves up, its note with it.
    markTop = 50;
    act(() => void fireEvent.scroll(window));
    expect(note().style.top).toBe('74px');
    // A table's own box scrolls (its scroll does not bubble to the page).
    markTop = 10;
    act(() => void fireEvent.scroll(screen.getByTestId('table-box')));
    expect(note().style.top).toBe('34px');
  });

  it('shows its note on hover, on focus and on a tap, and hides it when they end', async () => {
    const user = userEvent.setup();
    const { shown } = drawInScrollingTable();
    const mark = screen.getByRole('button', { name: '≈ converted' });
    await user.hover(mark);
    expect(shown()).toBe(true);
    await user.unhover(mark);
    expect(shown()).toBe(false);

    await user.tab();
    expect(document.activeElement).toBe(mark);
    expect(shown()).toBe(true);
    await user.tab();
    expect(shown()).toBe(false);

    // A tap opens it until the next tap on the mark, wherever the focus goes.
    fireEvent.click(mark);
    expect(mark.getAttribute('aria-expanded')).toBe('true');
    expect(shown()).toBe(true);
    act(() => mark.blur());
    expect(shown()).toBe(true);
    fireEvent.click(mark);
    expect(shown()).toBe(false);
  });

  it('closes on a second tap although the tap also hovered and focused it, and on Escape', async () => {
    const user = userEvent.setup();
    const { shown } = drawInScrollingTable();
    const mark = screen.getByRole('button', { name: '≈ converted' });
    // user.click hovers, focuses and clicks, as a tap on a phone does.
    await user.click(mark);
    expect(shown()).toBe(true);
    await user.click(mark);
    expect(shown()).toBe(false);
    expect(mark.getAttribute('aria-expanded')).toBe('false');

    await user.click(mark);
    expect(shown()).toBe(true);
    await user.keyboard('{Escape}');
    expect(shown()).toBe(false);
  });
});

describe('a marked total', () => {
  it('shows a dash, read as not known, where every amount lacked a rate', () => {
    render(
      <WithMark conversion={NO_RATE} currency="USD" markFirst>
        <TotalFigure cents="0" conversion={NO_RATE} currency="USD" />
      </WithMark>,
    );
    expect(screen.getByRole('button', { name: '≈ rate missing' })).toBeTruthy();
    expect(screen.queryByText('$0.00')).toBeNull();
    expect(screen.getByText('Not known: no exchange rate')).toBeTruthy();
  });

  it('keeps a figure that counted something, and a real zero with nothing left out', () => {
    render(
      <>
        <TotalFigure cents="5000" conversion={NO_RATE} currency="USD" />
        <TotalFigure cents="0" conversion={CONVERTED} currency="USD" />
        <TotalFigure cents="150000" conversion={undefined} currency="JPY" />
      </>,
    );
    expect(document.body.textContent).toBe('$50.00$0.00¥150,000');
  });
});
