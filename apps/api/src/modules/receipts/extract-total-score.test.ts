import { describe, expect, it } from 'vitest';

import { RECEIPT_DOUBTS } from '@paisable/contracts';

import { extractTotal } from './extract-total';
import { recognitionFromText } from './ocr/recognizer';
import { checksFor } from './total-checks';
import { misreadForms } from './total-misreads';

/** A receipt's lines as an OCR engine reads them, every line with the same confidence. */
const totalOf = (text: string, confidence = 0.95) =>
  extractTotal(recognitionFromText(text, confidence).lines);

describe("the total's score: the receipt's own figures", () => {
  it('is sure when two items or more add up to a total printed once', () => {
    const result = totalOf(`
      PAPER CORNER
      Notebook A5           4.50
      Glue stick            2.30
      Ruler 30cm            1.20
      TOTAL                 8.00`);
    expect(result.cents).toBe(800);
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('is not sure of a total that one item only repeats', () => {
    const result = totalOf(`
      PAPER CORNER
      Notebook A5           4.50
      TOTAL                 4.50`);
    expect(result.confidence).toBeLessThan(0.9);
  });

  it('takes a total "excluding tax" for the subtotal the tax is added to', () => {
    const result = totalOf(`
      HARDWARE TWO
      Total Sales (Excluding GST):  50.00
      Total GST:                     3.00
      Total Sales (Inclusive of GST): 53.00`);
    expect(result.cents).toBe(5300);
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
    // Also with a letter of "Excluding" misread.
    const misread = ['Total Sales (Excluaing GST): 50.00', 'Total GST: 3.00', 'Total: 53.00'];
    expect(checksFor(misread, 5300)).toBe(1);
  });

  it('takes cash handed over with no change for the payment, and "exchange" for no change line', () => {
    const result = totalOf(`
      HARDWARE TWO
      Total Inclusive GST:  41.00
      CASH                  41.00
      Goods sold are not returnable or exchangeable`);
    expect(result.cents).toBe(4100);
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('counts the amount printed again apart from the payment line that confirmed it', () => {
    const text = `
      KIOSK NINE
      1 Bottled water  2.40  2.40
      Total Includes GST 0%  2.40
      Cash 5.00
      Change 2.60`;
    const result = totalOf(text);
    const lines = text.split('\n').map((line) => line.trim());
    expect(result.cents).toBe(240);
    // The payment, and the item and total lines printing it: two checks.
    expect(checksFor(lines, 240)).toBe(2);
  });

  it('does not let cash with no change line pick the amount (its change line may be lost), only score it', () => {
    const lines = ['Total 87.65', 'CASH 100.00'];
    expect(checksFor(lines, 10000)).toBe(0);
    expect(checksFor(lines, 10000, true)).toBe(1);
  });

  it('does not save the cash handed over as the total when no total line was read', () => {
    // The total's line came out of the OCR without its figure: the cash line's 50.00 is all there is,
    // and nothing says it was paid exactly (the change line may be the one lost).
    const result = totalOf(`
      CORNER SHOP
      Bread                 3.20
      Milk                  4.10
      TOTAL
      CASH                 50.00`);
    expect(result.confidence).toBeLessThan(0.6);
  });

  it("counts an e-receipt's delivery and service fees as parts of the total, as tax is", () => {
    const result = totalOf(`
      GROCER ONLINE
      Subtotal              $11.98
      Delivery fee           $4.99
      Service fee            $1.50
      Total                 $18.47`);
    expect(result.cents).toBe(1847);
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('takes the subtotal less the discount printed below it for the total', () => {
    const result = totalOf(`
      CORNER MARKET
      Sous-total 13,80
      Remise fidelite -1,00
      TOTAL 12,80`);
    expect(result.cents).toBe(1280);
    expect(checksFor(['Sous-total 13,80', 'Remise fidelite -1,00', 'TOTAL 12,80'], 1280)).toBe(1);
  });

  it('reads a tax line whose rate runs into its name ("CGST2.5%") as a part of the total', () => {
    const result = totalOf(`
      TANDOOR HOUSE
      Sub Total 1,000.00
      CGST2.5% 25.00
      SGST2.5% 25.00
      Grand Total 1,050.00`);
    expect(result.cents).toBe(105000);
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('is surer of an amount two total lines print than of one an item line repeats', () => {
    const twoTotals = totalOf(`
      TOY CORNER
      Modelling clay  1 PC  9.00
      Total: 9.00
      Rounded Total (RM): 9.00`);
    const itemAgain = totalOf(`
      TOY CORNER
      Modelling clay  1 PC  9.00
      Total: 9.00`);
    expect(twoTotals.confidence).toBeGreaterThanOrEqual(0.9);
    expect(itemAgain.confidence).toBeLessThan(0.9);
  });
});

describe('the total read with its sign or point misread, taken back only on the receipt’s own proof', () => {
  it('takes a total whose "$" was read as a 5 back to what the card paid and the items add up to', () => {
    const result = totalOf(`
      SEASIDE KIOSK
      Iced Coffee x2   $8.40
      Toastie          $11.60
      TOTAL (incl GST) 520.00
      GST               $1.82
      EFTPOS           $20.00`);
    expect(result.cents).toBe(2000);
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('takes a yen total read with a decimal point back to the whole yen the sums and the cash make', () => {
    const result = totalOf(`
      MINI STOP
      Subtotal       500.00
      Tax 10%         50.00
      Total            5.50
      Cash          1000.00
      Change         450.00`);
    expect(result.cents).toBe(55000);
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('takes a misread form on one proof only for review', () => {
    const result = totalOf(`
      SEASIDE KIOSK
      Iced Coffee      $8.40
      Toastie         $11.60
      TOTAL           520.00`);
    expect(result.cents).toBe(2000);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.totalFaint);
    expect(result.confidence).toBeLessThan(0.6);
  });

  it('keeps the amount read, and asks, when nothing confirms it nor its form without the "$"', () => {
    const result = totalOf(`
      SEASIDE KIOSK
      Iced Coffee      $8.40
      Toastie         $12.60
      TOTAL           520.00`);
    expect(result.cents).toBe(52000);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.totalFaint);
    expect(result.confidence).toBeLessThan(0.6);
  });

  it('drops a first digit only where the receipt prints signs glued to its amounts', () => {
    expect(misreadForms(['Tea $3.00', 'Total 512.50'], 51250)).toContain(1250);
    expect(misreadForms(['Tea 3.00', 'Total 512.50'], 51250)).not.toContain(1250);
  });
});

describe('payment lines as tills print them', () => {
  it('reads cash and change printed on one line, the larger amount the cash', () => {
    const lines = ['Total Sales (Inclusive of GST): 80.90', 'Change: CASH: 100.00 19.10'];
    expect(checksFor(lines, 8090)).toBeGreaterThanOrEqual(1);
    expect(checksFor(lines, 10000)).toBe(0);
  });

  it('reads a card terminal\'s slip ("EDC MASTER") and cash "Received" as payments', () => {
    // The slip's amount is what was paid, not only the total printed again.
    const slip = totalOf(
      `
      PETROL STATION
      TOTAL AMOUNT PAYABLE RM 41.95
      EDC MASTER RM 41.95`,
      0.99,
    );
    expect(slip.confidence).toBeGreaterThanOrEqual(0.9);
    expect(checksFor(['Net Amt : 36.00', 'Received 40.00', 'Change : 4.00'], 3600)).toBe(1);
  });

  it('checks the total against cash less a change whose point the OCR lost', () => {
    const lines = ['Total: 30.45', 'Cash Received: 30.50', 'Change: 005'];
    expect(checksFor(lines, 3045)).toBe(1);
    expect(checksFor(lines, 3050)).toBe(0);
  });
});
