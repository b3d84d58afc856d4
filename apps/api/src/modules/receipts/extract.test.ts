import { describe, expect, it } from 'vitest';

import { RECEIPT_CONFIDENT, RECEIPT_DOUBTS } from '@paisable/contracts';

import { extractReceipt } from './extract';
import { recognitionFromText } from './ocr/recognizer';

const options = { today: '2025-06-30', dayFirst: true };
/** Receipt text as an OCR engine reads it: every line with the given confidence. */
const read = (text: string, confidence = 0.95) =>
  extractReceipt(recognitionFromText(text, confidence), options);

describe('extractReceipt: the total', () => {
  it('does not take the cash tendered minus a misread change for the total printed twice', () => {
    const result = read(`
      BOOK SHOP SDN BHD
      Date: 25/12/2018 8:13 PM
      Total: 9.00
      Rounding Adjustment: 0.00
      Rounded Total (RM): 9.00
      Cash 10.00
      CHANGE 2.00`);
    expect(result.amountCents).toBe(900);
  });

  it('asks when no total line was read and the subtotal stands alone, unless prices include the tax', () => {
    const lost = read(`
      KEDAI MAKAN SRI MAJU
      Date: 03/04/2025 13:05
      Nasi Lemak                8.00
      Teh Tarik                 2.00
      Sub Total                10.00`);
    expect(lost.amountCents).toBe(1000);
    expect(lost.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
    expect(lost.doubts).toContain(RECEIPT_DOUBTS.totalUnconfirmed);

    const inclusive = read(`
      KEDAI MAKAN SRI MAJU
      Date: 03/04/2025 13:05
      Nasi Lemak                8.00
      Teh Tarik                 2.00
      Sub Total                10.00
      Price Inclusive of GST 6%`);
    expect(inclusive.amountCents).toBe(1000);
    expect(inclusive.confidence.total).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
  });

  it('does not take a line item or the tendered cash for the total, and is sure when the figures add up', () => {
    const result = read(`
      FRESHWAY MART SDN BHD
      Date: 03/04/2025 14:32
      RICE 5KG 1 x 25.90 25.90
      SUB TOTAL 31.80
      GST 6% 1.91
      TOTAL 33.71
      CASH 50.00
      CHANGE 16.29`);
    expect(result.amountCents).toBe(3371);
    expect(result.confidence.total).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
    expect(result.doubts).toEqual([]);
  });

  it('takes the rounded amount paid, not the total before the rounding line', () => {
    const result = read(`
      HAPPY SNACKS ENTERPRISE
      Date 20/03/2018 1:11:38PM
      Total Sales Inclusive GST: 26.82
      Rounding Adjustment: -0.02
      Amount To Be Paid: 26.80
      Cash Received: 50.00
      Change: 23.20`);
    expect(result.amountCents).toBe(2680);
    expect(result.confidence.total).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
  });

  it('takes the amount to be paid after rounding, also when the change is unreadable', () => {
    // "Paid" and "GST" mark lines that are not the total, unless the label says it is the final one.
    const result = read(`
      CORNER STATIONERS SDN BHD
      Date 14/05/2018 10:02:11AM
      Total: 18.92
      Total Sales Inclusive GST: 18.92
      Rounding Adjustment: -0.02
      Amount To Be Paid: 18.90
      Cash Received: 20.00
      Change: 110`);
    expect(result.amountCents).toBe(1890);
  });

  it('takes the rounded amount when a "Rounding" line prints it after the adjustment', () => {
    const result = read(`
      CORNER MART SDN BHD
      Date: 01/02/2025 10:00
      OIL 5KG 22.90-(13%=2.91) 19.99
      TOTAL 19.99
      Rounding Adj 0.01
      Rounding 20,00
      CASH 20.00
      CHANGE 0.00
      GST Summary Amount Tax
      ZRL 19.99 0.00`);
    expect(result.amountCents).toBe(2000);
  });

  it('takes the rounded amount paid when the cash tendered has a misread digit and "Total" is misread', () => {
    // Cash "59.00" for 50.00: cash minus change (21.35) is explained by nothing; the total line, its
    // label read "Totsl", and the rounding adjustment give 12.35, and 12.35 + 37.65 is the 50.00 handed over.
    const result = read(`
      BOOK STORES
      Date: 23/04/2017
      PILOT BALLPOINT PEN 1.49
      PILOT BRUSH PEN 5.89
      Totsl RM 12.37
      Rounding Adjustments RM -0.02
      Tendered-CASH RM 59.00
      Change RM 37.65`);
    expect(result.amountCents).toBe(1235);
    expect(result.doubts).not.toContain(RECEIPT_DOUBTS.totalUnconfirmed);
  });

  it('reads no total when none is printed, and says so', () => {
    const result = read(`
      CORNER CAFE
      Date: 01/02/2025
      Thank you!`);
    expect(result.amountCents).toBeUndefined();
    expect(result.confidence.total).toBe(0);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.noTotal);
  });

  it('doubts a total that no other figure on the receipt explains', () => {
    const result = read(`
      CORNER SHOP
      Date: 01/02/2025 10:00
      TOTAL 12.30`);
    expect(result.amountCents).toBe(1230);
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.totalUnconfirmed);
  });

  it('corrects a total with one misread digit when the parts and the card payment both pin the real one', () => {
    const result = read(`
      HARDWARE TRADING SDN BHD
      Date: 12/02/2025 10:00
      Sub Total (RM) 106.10
      Total GST (RM) 6.37
      Rounding (RM) -0.02
      Total (RM) 112.46
      VISA 112.45`);
    expect(result.amountCents).toBe(11245);
    expect(result.doubts).not.toContain(RECEIPT_DOUBTS.totalUnconfirmed);
  });

  it('takes the amount paid, not a "total" that is the money handed over before the change (its own label misread)', () => {
    const result = read(`
      CITY PARKING SDN BHD
      25/06/25 11:18
      Pay parking ticket 5.00 RM
      Anount Incl. GST 5.00 RM
      Accepted total 10.00 RM
      Change 5.00 RM`);
    expect(result.amountCents).toBe(500);
  });

  it('keeps a total that only a single sum contradicts, and doubts it', () => {
    const single = read(`
      CORNER SHOP
      Date: 01/02/2025 10:00
      SUBTOTAL 12.30
      TOTAL 12.80`);
    expect(single.amountCents).toBe(1280);
    expect(single.doubts).toContain(RECEIPT_DOUBTS.totalUnconfirmed);
  });

  it('doubts a confirmed total whose line was read faintly', () => {
    const result = read(
      `
      CORNER SHOP
      Date: 01/02/2025 10:00
      TOTAL 12.30
      CASH 20.00
      CHANGE 7.70`,
      0.55,
    );
    expect(result.amountCents).toBe(1230);
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.totalFaint);
  });
});

describe('extractReceipt: the date', () => {
  it('reads a date whose time is glued to the year', () => {
    expect(read('SHOP\nDate: 25/12/20188:13:39PM\nTOTAL 9.00').date).toBe('2018-12-25');
    expect(read('SHOP\n2018-03-2310:15:02\nTOTAL 9.00').date).toBe('2018-03-23');
    // A two-digit year too, over an item code that looks like a date (HC03-7-15).
    expect(read('SHOP\nHC03-7-15 1X8.02 8.02\n12-01-1921:13 SH01\nTOTAL 9.00').date).toBe('2019-01-12');
  });

  it('rejects a misread year in the future or decades back, and takes the labelled date over others', () => {
    const result = read(`
      SHOP
      Date: 12/01/2091 10:00
      Warranty until 01/02/2026
      Printed 03/03/1990
      TOTAL 9.00`);
    expect(result.date).toBeUndefined();
    expect(result.doubts).toContain(RECEIPT_DOUBTS.noDate);
    expect(read('SHOP\nExpiry 30/06/2025\nDate: 14/03/2025\nTOTAL 9.00').date).toBe('2025-03-14');
  });

  it('doubts a misread day: two different dates printed as the sale date', () => {
    const result = read('SHOP\nDate: 15/06/2018 10:00\nDate: 16/06/2018 10:01\nTOTAL 9.00');
    expect(result.confidence.date).toBeLessThan(RECEIPT_CONFIDENT);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.datesDisagree);
  });
});

/** A receipt whose lines are read word by word, each word with its own confidence (as tesseract reads). */
function readWords(rows: [text: string, confidence: number][][]) {
  const lines = rows.map((words, row) => {
    const box = { x: 0, y: row, width: 0, height: 1 };
    const recognized = words.map(([text, confidence]) => ({ text, box, confidence }));
    const letters = words.reduce((sum, [text]) => sum + text.length, 0);
    const confidence = words.reduce((sum, [text, sure]) => sum + sure * text.length, 0) / letters;
    return { text: words.map(([text]) => text).join(' '), box, confidence, words: recognized };
  });
  return extractReceipt({ lines, width: 0, height: rows.length }, options);
}

describe('extractReceipt: how surely the date was read', () => {
  const shop: [string, number][] = [['HARDWARE', 0.95]];
  const total: [string, number][] = [
    ['TOTAL', 0.95],
    ['9.00', 0.95],
  ];

  it('is the date’s own characters, not the smudged till number printed beside it', () => {
    const result = readWords([
      shop,
      [
        ['RECEIPT', 0.4],
        ['CS00052997', 0.2],
        ['DATE:', 0.96],
        ['28/02/2016', 0.96],
      ],
      total,
    ]);
    expect(result.date).toBe('2016-02-28');
    expect(result.confidence.date).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
    expect(result.doubts).not.toContain(RECEIPT_DOUBTS.dateFaint);
  });

  it('doubts a date whose own characters were faint, however clear the rest of its line', () => {
    const result = readWords([
      shop,
      [
        ['DATE:', 0.99],
        ['28/02/2016', 0.45],
        ['CASHIER', 0.99],
        ['NURUL', 0.99],
        ['AISYAH', 0.99],
      ],
      total,
    ]);
    expect(result.confidence.date).toBeLessThan(RECEIPT_CONFIDENT);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.dateFaint);
  });

  it('is as sure as the clearest of two prints of the same day', () => {
    const result = readWords([
      shop,
      [
        ['12/10/2024', 0.95],
        ['21:04', 0.95],
      ],
      total,
      [
        ['DATE', 0.96],
        ['"12/10/24', 0.4],
        ['TIME', 0.96],
        ['21:06', 0.95],
      ],
    ]);
    expect(result.date).toBe('2024-10-12');
    expect(result.confidence.date).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
    expect(result.doubts).not.toContain(RECEIPT_DOUBTS.dateFaint);
  });
});

describe('extractReceipt: the merchant', () => {
  it('skips a TAX INVOICE heading for the name below it', () => {
    const result = read(`
      TAX INVOICE
      BHPetrol Subang Airport
      Jalan Lapangan Terbang Subang
      47200 Subang
      TOTAL 41.95`);
    expect(result.merchant).toBe('BHPetrol Subang Airport');
  });

  it('skips a receipt heading in another language (KASSENBON, kasticket) for the name above it', () => {
    const result = read(`
      Eiscafe Venezia
      Marktstrasse 4, 79098 Freiburg
      KASSENBON
      Tisch 3
      TOTAL 9,40`);
    expect(result.merchant).toBe('Eiscafe Venezia');
  });

  it('prefers the registered company over a logo slogan or an outlet name, even with its spaces lost', () => {
    const result = read(`
      baskinBRrobbiN
      Desa Park City
      GoldenSc0opSdnBhd (169609-A)
      A-16-1, Tower A, Northpoint Office
      TOTAL 9.00`);
    expect(result.merchant).toBe('GoldenSc0opSdnBhd');
  });

  it('takes the legal entity under a trading name, even when the OCR read it in lower case', () => {
    const result = read(`
      NOODLE HOUSE CAFE
      Owned by: noodle house sdn bhd 1234567-W
      No. 1, Jalan Puteri 7/10
      TOTAL 9.00`);
    expect(result.merchant).toBe('noodle house sdn bhd');
  });

  it('takes the name above the address, not the operator’s company printed below it', () => {
    const result = read(`
      THE GOLDEN SPOON
      12 Baker Street
      London W1U 3BW
      Operated by Hillside Foods Ltd
      TOTAL 9.00`);
    expect(result.merchant).toBe('THE GOLDEN SPOON');
  });

  it('keeps the branch printed in parentheses under the company, not a brand line above it', () => {
    const result = read(`
      FRESH FARM
      GREENLEAF HYPERMARKET SDN BHD
      (JALAN BUKIT INDAH)
      (123456-X)
      LOT 12, JLN BUKIT INDAH 3
      TOTAL 9.00`);
    expect(result.merchant).toBe('GREENLEAF HYPERMARKET SDN BHD (JALAN BUKIT INDAH)');
  });

  it('does not take an address line whose postcode has a 0 read as O for the name', () => {
    const result = read(`
      GoldenLeafCafe
      NO.19&21
      4320O SELANGOR DARUL EHSAN,MALAYSIA
      TAX INVOICE
      TOTAL 9.00`);
    expect(result.merchant).toBe('GoldenLeafCafe');
  });

  it('cuts the registration number from a name whose "SDN BHD" the OCR misread', () => {
    const result = read(`
      KEDAI MAJU INDAH SON BIHD (682288-V)
      12 JALAN PERDANA 1/48
      TOTAL 9.00`);
    expect(result.merchant).toBe('KEDAI MAJU INDAH SON BIHD');
  });

  it('skips a heading whose spaces the OCR lost for the name below it', () => {
    const result = read(`
      SIMPLIFIEDTAXINVOICE
      LIM BROTHERS & COMFANY
      REG.NO:00168397-H
      TOTAL 9.00`);
    expect(result.merchant).toBe('LIM BROTHERS & COMFANY');
  });

  it('takes a Malay business name (Perniagaan, Syarikat) over a customer company printed below', () => {
    const result = read(`
      PERNIAGAAN SENG HUAT
      JM0326956-V
      NO.59 JALAN PERMAS 9/5
      81760 JOHOR BAHRU
      TEL : 07-386 7524 FAX : 07-386 3793
      GST NO : 000800589824
      SIMPLIFIED TAX INVOICE
      ACME ENGINEERING (M) SDN BHD
      TOTAL 9.00`);
    expect(result.merchant).toBe('PERNIAGAAN SENG HUAT');
  });

  it('drops an outlet code and a registration number from the name', () => {
    const result = read(`
      OUTLET 0042
      MEGA MAJU TRADING SDN BHD (123456-X)
      No 5, Jalan Bunga 3
      TOTAL 9.00`);
    expect(result.merchant).toBe('MEGA MAJU TRADING SDN BHD');
  });
});
