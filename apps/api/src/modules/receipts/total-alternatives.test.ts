import { describe, expect, it } from 'vitest';

import { otherTotals, otherTotalsOfReading } from './total-alternatives';

/** A receipt's lines as the rules read them, from a template written one line per row. */
const lines = (text: string) => text.split('\n').flatMap((line) => (line.trim() ? [line.trim()] : []));

describe('otherTotals: what the review offers when the total is in doubt', () => {
  it('offers the other total printed when two disagree', () => {
    const texts = lines(`
      KEDAI BUKU ILMU
      Buku Latihan 9.20
      Pensel 2B 7.50
      TOTAL 18.40
      TOTAL 16.40`);
    expect(otherTotals(texts, 1640)).toEqual([1840]);
  });

  it('offers the amount the subtotal and tax make, not the subtotal itself', () => {
    // The card line's "15.14" misread as 15.24 filled a blank "Total:"; the label "Amount Due" misread too.
    const texts = lines(`
      MORNING RITUAL COFFEE
      Subtotal 14.15
      Meals Tax 7% 0.99
      Anount Due $15.14
      Tip:
      Total:
      Mastercard **812 15.24`);
    expect(otherTotals(texts, 1524)).toEqual([1514]);
  });

  it('offers the total without the currency sign the OCR took for a "1"', () => {
    const texts = lines(`
      THE RED LION
      Fish & Chips £29.00
      Steak Pie £15.50
      Sub Total 167.95
      Total 176.44
      Card Payment 176.44`);
    expect(otherTotals(texts, 17644)).toEqual([7644]);
  });

  it('offers nothing once the total is sure or saved', () => {
    const rawText = 'KEDAI BUKU ILMU\nTOTAL 18.40\nTOTAL 16.40';
    const doubted = { merchant: 0.9, total: 0.48, date: 0.9 };
    expect(
      otherTotalsOfReading({ status: 'needs_review', rawText, amountCents: 1640, confidence: doubted }),
    ).toEqual([1840]);
    const sure = { ...doubted, total: 0.95 };
    expect(
      otherTotalsOfReading({ status: 'needs_review', rawText, amountCents: 1640, confidence: sure }),
    ).toEqual([]);
    expect(otherTotalsOfReading({ status: 'done', rawText, amountCents: 1640, confidence: null })).toEqual(
      [],
    );
  });
});
