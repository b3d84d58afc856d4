import { describe, expect, it } from 'vitest';

import { parseReceiptText } from './parse';
import { amountsIn } from './parse-amount';
import { guessCategory } from './parse-category';
import { findDate } from './parse-date';
import { findTotal } from './parse-total';

const TODAY = '2025-06-30';
const dayFirst = { today: TODAY, dayFirst: true };
const monthFirst = { today: TODAY, dayFirst: false };
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim());

describe('parseReceiptText on OCR-like receipts', () => {
  it('reads a supermarket receipt with subtotal, tax, cash and change', () => {
    const text = `
      FRESHWAY SUPERMARKET SDN BHD
      (Co. Reg. 123456-X)
      No 5, Jalan Bunga 3, 81100 Johor Bahru
      Tel: 07-355 1234
      TAX INVOICE
      Date: 03/04/2025 14:32
      MILK 1L            2 x 3.50     7.00
      EGGS 10S                       5.90
      BREAD WHITE                    3.20
      SUB TOTAL                     16.10
      GST 6%                         0.97
      TOTAL                         17.07
      CASH                          20.00
      CHANGE                         2.93
      THANK YOU, PLEASE COME AGAIN`;
    expect(parseReceiptText(text, dayFirst)).toMatchObject({
      merchant: 'FRESHWAY SUPERMARKET SDN BHD',
      amountCents: 1707,
      category: 'Groceries',
      date: '2025-04-03',
    });
  });

  it('takes the rounded total over the total before rounding', () => {
    const text = `
      KEDAI MAKAN SRI ANGGERIK
      RESTORAN & CATERING
      25-12-2024  13:05
      NASI LEMAK AYAM      8.50
      TEH TARIK            2.30
      Total (RM):         10.82
      Rounding Adj        -0.02
      Rounded Total (RM): 10.80
      Cash                20.00
      Change               9.20`;
    const parsed = parseReceiptText(text, dayFirst);
    expect(parsed.amountCents).toBe(1080);
    expect(parsed.date).toBe('2024-12-25');
    expect(parsed.category).toBe('Food');
  });

  it('survives OCR noise: O for 0, spaces in amounts, split label and amount', () => {
    const text = `
      ~ ACME HARDWARE TRADING ~
      lnvoice
      Date 2O24-1O-05
      HAMMER            1 x 25.OO
      NAILS 1KG              8. 50
      TOTAL
      33.50
      TENDERED          50.OO
      CHANGE            16.5O`;
    expect(parseReceiptText(text, dayFirst)).toMatchObject({
      merchant: 'ACME HARDWARE TRADING',
      amountCents: 3350,
      date: '2024-10-05',
      category: 'Shopping',
    });
  });

  it('uses thousands separators and a grand total below the tax lines', () => {
    const text = `
      Northwind Electronics Ltd.
      14 Harbour Road, Leeds
      Invoice date: 2 March 2025
      Laptop 15"                          1,249.00
      Subtotal                            1,249.00
      VAT 20%                               249.80
      Grand Total                      £1,498.80
      Card payment                      1,498.80`;
    expect(parseReceiptText(text, dayFirst)).toMatchObject({
      merchant: 'Northwind Electronics Ltd.',
      amountCents: 149880,
      date: '2025-03-02',
    });
  });

  it('gives no total when none is printed, and an unknown merchant for an empty text', () => {
    expect(parseReceiptText('BLUE DOOR CAFE\nThank you!', dayFirst).amountCents).toBeUndefined();
    expect(parseReceiptText('', dayFirst)).toMatchObject({
      merchant: 'Unknown Merchant',
      amountCents: undefined,
      category: 'Miscellaneous',
      date: undefined,
    });
  });

  it('joins a name wrapped over two lines and drops the registration number after it', () => {
    const text = `
      PASAR RAYA MEGA MAJU
      (SEMENYIH) SDN BHD
      NO 3, JALAN BESAR
      TOTAL 5.00`;
    expect(parseReceiptText(text, dayFirst).merchant).toBe('PASAR RAYA MEGA MAJU (SEMENYIH) SDN BHD');
    expect(parseReceiptText('MENTAI INITIAL SDN BHD (1206674-T)\nTOTAL 1.00', dayFirst).merchant).toBe(
      'MENTAI INITIAL SDN BHD',
    );
    expect(parseReceiptText('OWNED BY: CHEF LEE SDN BHD\nTOTAL 1.00', dayFirst).merchant).toBe(
      'CHEF LEE SDN BHD',
    );
  });

  it('skips a lower-case note and the address above the name', () => {
    const text = `
      tan chay yee
      SYARIKAT PERNIAGAAN GIN KEE
      (81109-A)
      NO 290, JALAN AIR PANAS,
      SETAPAK, 53200, KUALA LUMPUR
      TOTAL 15.90`;
    expect(parseReceiptText(text, dayFirst).merchant).toBe('SYARIKAT PERNIAGAAN GIN KEE');
  });
});

describe('findTotal', () => {
  it.each([
    [
      'ignores subtotal, tax, cash and change',
      'Subtotal 10.00\nTax 0.60\nTotal 10.60\nCash 20.00\nChange 9.40',
      1060,
    ],
    ['prefers "amount due" to a plain total', 'Total 12.00\nDiscount 2.00\nAmount Due 10.00', 1000],
    [
      'reads "Total Sales (Inclusive GST)"',
      'Total Sales (Excluding GST) 9.43\nTotal Sales (Inclusive GST) 10.00',
      1000,
    ],
    [
      'falls back to cash minus change without a total label',
      'Item A 3.00\nItem B 4.50\nCASH 10.00\nCHANGE 2.50',
      750,
    ],
    ['confirms a total by cash minus change', 'TOTAL 9.00\nROUND TOTAL 9.60\nCASH 30.00\nCHANGE 21.00', 900],
    [
      'applies a printed rounding adjustment to 5 cents',
      'TOTAL (INCLUSIVE OF GST) 41.52\nRounding Adj: -0.02',
      4150,
    ],
    [
      'applies the adjustment, not the rounded total printed on a second "Rounding" line',
      'TOTAL 19.99\nRounding Adj 0.01\nRounding 20,00',
      2000,
    ],
    ['settles a cent of difference with cash minus change', 'TOTAL 60.31\nCASH 70.30\nCHANGE 10.00', 6030],
    [
      'keeps the rounded total when the cash tendered has one misread digit',
      'Total RM 12.37\nRounding Adjustments RM -0.02\nTendered-CASH RM 59.00\nChange RM 37.65',
      1235,
    ],
    [
      'reads "Total Inclusive GST" after a discount, its "Inclusive" misread',
      'Qty: 10 Total 277.90\nDiscount: 0.90\nTotal Inchusive GST: 277.00\nCASH 277.00',
      27700,
    ],
    [
      'takes the labelled total that the exact cash paid confirms over a later item total',
      'TOTAL 15.90\nBOX Qty 2 Total 19.50\nCASH 15.90\nCHANGE 0.00',
      1590,
    ],
    [
      'does not take tendered cash for exact when the change amount is unreadable',
      'MUG Qty 1 Total 50.00\nTOTAL 12.40\nCASH 50.00\nCHANGE RM ~~',
      1240,
    ],
    ['takes the cash when it was exact and there is no total', 'GST 0% 0.00\nCASH RM152.00', 15200],
    [
      'ignores the tax summary table below the bill',
      'Total Sales (Inclusive of GST) : 25.00\nGST SUMMARY\nTotal : 23.58 1.42',
      2500,
    ],
    [
      'recovers a total whose decimal point the OCR lost',
      'Grand Total =9280\nCash 100.00\nChange 7.20',
      9280,
    ],
    ['trusts cash minus change over a misread total', 'TOTAL 16.40\nCASH 50.00\nCHANGE 31.20', 1880],
    ['but not when they are far apart', 'TOTAL 12.37\nCASH 100.00\nCHANGE 49.61', 1237],
    ['reads a total label with one letter misread', 'Item 4.00 8.00\nTotsl RM 12.37\nThank you', 1237],
    [
      'does not take the cash on the next line for a total whose amount is unreadable',
      'TART 24PCS @12.50 25.00\nSubTotal 25.00\nNetTotal 25. J\nC 50.00\nCHG 25.00',
      2500,
    ],
    [
      'does not take the card line below a blank total as its amount',
      'Subtotal 8.20\nSales Tax 0.57\nBalance Due $8.77\nGratuity:\nTotal:\nVISA ****1234 8.97',
      877,
    ],
    ['reads "Amount Due" with its m read as an n', 'Subtotal 22.10\nSales Tax 1.55\nAnount Due $23.65', 2365],
    [
      'reads a grand total whose l was read as 1, glued to the currency',
      'Iotal (Incl GST) RM14.18\nRounding RM0.02\nGrand Tota1RM14.20\nTotal Paid RM20.20\nChange RM6.00',
      1420,
    ],
    ['reads a comma decimal', 'TOTAL EUR 12,50', 1250],
    ['ignores total quantity', 'Total Qty: 3\nTotal 4.20', 420],
    ['reads a total on the line that counts the items', 'Qty: 1       Total RM      11.60', 1160],
    [
      'ranks "amount to be paid" after rounding over the total before it',
      'Total Sales Inclusive GST 25.44\nRounding Adjustment: 0.01\nAmount To Be Paid : 25.45',
      2545,
    ],
    ['takes a total whose point was read as a space', 'Total Sales Inclusive GST @0.00%:30 45', 3045],
    ['takes a total whose point was lost', 'Discount 0.00\nTotal: TTT 2682', 2682],
    [
      'settles a payment minus change due',
      'Total Excl. of GST 98.11\nTotal Amt Rounded l04.0O\nPayment : 104.00\nChange Due : 0.00',
      10400,
    ],
    [
      'trusts a total that the card payment confirms',
      'Total RM 88.17\nVisa RM 88.17\nTotal Gross RM 86.17',
      8817,
    ],
    [
      'does not read the column heading "Price Amount" as a total',
      'Description Qty Price Amount\n2 x 3.20 5.40 SR\nDeposit 1.00\nTOTALS 6.40',
      640,
    ],
    [
      'takes the largest amount printed twice when no total line is readable',
      'SCONE 2 x 3.50 7.00\nTEA 1 x 2.00 2.00\nT0TL,   RM  9.00\nCA.  RM  9.00\nGST Summary\nSR 8.49 0.51',
      900,
    ],
    [
      'falls back to the subtotal when the cash is far above it and the change line is lost',
      'CASH 100.00\nFISH 1 23.40\nTOFU 1 21.50\nSUBTOTAL : 44.90\n6% GST 0.38',
      4490,
    ],
    [
      'finds the amount printed on the item row and the change line when the total row is unreadable',
      'NASI LEMAK 1 12.00 12.00\nTOTL INCL GST RM ~~\nCASH ~~ ~\nCHANGE o 12.00',
      1200,
    ],
    [
      'with a zero rounding adjustment, takes the total that the item row confirms',
      'ROTI 1 9.00 9.00\nTotal : 9.00\nRoun ding Adustment 0.00\nRounded Total (RM): 9.60',
      900,
    ],
    [
      'with a real rounding adjustment, still takes the rounded total',
      'ROTI 1 9.02 9.02\nTotal : 9.02\nRounding Adjustment -0.02\nRounded Total (RM): 9.00',
      900,
    ],
    [
      'does not take a figure from the tax summary when the bill has no readable total',
      'Item 10.60\nT0TL  1O.6\nGST Summary Amount Tax\nTotal 10.00 0.60',
      undefined,
    ],
  ])('%s', (_label, text, cents: number | undefined) => {
    expect(findTotal(lines(text))).toBe(cents);
  });

  it('gives nothing without a total or payment', () => {
    expect(findTotal(lines('Tel 07-3507405\nTable 12'))).toBeUndefined();
  });
});

describe('amountsIn', () => {
  it.each([
    ['RM 60.31', [6031]],
    ['1 x 25.00   25.00', [2500, 2500]],
    ['1,234.56', [123456]],
    ['1.234,56', [123456]],
    ['60. 31', [6031]],
    ['Tel: 07-3507405', []],
    ['Qty 3', []],
    ['RM1S.8O', [1580]],
    ['Bag fee RMO. 20', [20]],
    ['SST @6.00% 1.20', [120]],
    ['BOSS 1.50', [150]],
    ['Cash RMS51.30', [5130]],
    ['Total Incl.62 GST', []],
    // India groups by lakhs and crores.
    ['Grand Total Rs. 1,24,500.00', [12450000]],
    ['NET 12,34,567.50', [123456750]],
    // India's "Rs." glued to the figure, its point no decimal point.
    ['GRAND TOTAL Rs.1,24,500.00', [12450000]],
    ['CGST @ 9% RS.9,495.76', [949576]],
    // The lakh's commas read as points in a photo, and the "Rs." as "Rs,".
    ['GRAND TOTAL Rs,1.24.500.00', [12450000]],
    // A 5 read as an S right after the point.
    ['CB SANS CONTACT 27.S1 EUR', [2751]],
  ])('%s', (line, cents) => {
    expect(amountsIn(line)).toEqual(cents);
  });
});

describe('findDate', () => {
  it.each([
    ['Date: 2025-03-14', dayFirst, '2025-03-14'],
    ['14/03/2025 10:22', dayFirst, '2025-03-14'],
    // The space between a short year and the time read as a digit.
    ['17/10/24517:46 ST 2241 OP 118', dayFirst, '2024-10-17'],
    // …but a long year run into a one-digit hour is the long year.
    ['01/02/20211:30', dayFirst, '2021-02-01'],
    // The O of the month's name read as a zero.
    ['Date :18-0ct-2024 Time:19:42', dayFirst, '2024-10-18'],
    ['N0v 02, 2024 08:14', dayFirst, '2024-11-02'],
    // The month's name in the languages of Europe, day first.
    ['Vendredi 12 juin 2025 13:24', monthFirst, '2025-06-12'],
    ['Freitag, 7. März 2025', dayFirst, '2025-03-07'],
    ['Madrid, 3 de enero de 2025', dayFirst, '2025-01-03'],
    ['Sabato 24 maggio 2025', dayFirst, '2025-05-24'],
    ['Zaterdag 1 mrt. 2025', dayFirst, '2025-03-01'],
    ['Lisboa, 15 setembro 2024', dayFirst, '2024-09-15'],
    ['Le 9 févr. 2025', dayFirst, '2025-02-09'],
    // Letters read for the digits they look like, on a line with a label or a time: taken back.
    ['Date: 2l/1I/2024 09:15', dayFirst, '2024-11-21'],
    ['Bon-Nr 4471 Datum 1Z.0B.2024 14:02', dayFirst, '2024-08-12'],
    ['Aog 14 2024 6:02 PM', monthFirst, '2024-08-14'],
    ['Dcc 3, 2024 18:40', monthFirst, '2024-12-03'],
    // …but not a letter that may be two digits (the 7th of May or of August), a word as near to two months
    // (Jan, Jun), a word whose other letter the OCR does not confuse (Sun, Bar), a day run into its year,
    // a phone number, or a line with neither label nor time.
    ['Datum O7.0S.2024 14:02', dayFirst, undefined],
    ['Jon 5, 2025 12:40', monthFirst, undefined],
    ['Sun 12 2025 10:30', monthFirst, undefined],
    ['Bar 12 2019 20:15', monthFirst, undefined],
    ['SEQ 012024 14:22', monthFirst, undefined],
    ['Tel 0l.12.19.67.89 10:32', dayFirst, undefined],
    ['Ref 2l/1I/2024', dayFirst, undefined],
    // One of the two separators read as a space.
    ['15 03-2025 21: 44 DOC.N. 6311-0204', dayFirst, '2025-03-15'],
    ['Bon 15.03 2025', dayFirst, '2025-03-15'],
    ['03/14/2025', dayFirst, '2025-03-14'],
    ['03/04/2025', dayFirst, '2025-04-03'],
    ['03/04/2025', monthFirst, '2025-03-04'],
    ['12-01-19 21:13', dayFirst, '2019-01-12'],
    ['05.06.2025', dayFirst, '2025-06-05'],
    ['14 Mar 2025', dayFirst, '2025-03-14'],
    ['14-MAR-25', dayFirst, '2025-03-14'],
    ['March 14, 2025', dayFirst, '2025-03-14'],
    ['Sep 3 2024', dayFirst, '2024-09-03'],
  ])('reads %s', (text, options, iso) => {
    expect(findDate([text], options)).toBe(iso);
  });

  it('takes letters for digits only when the receipt prints no date that reads as printed', () => {
    expect(findDate(['12/03/2025', 'Till 4 14:22 Aog 14 2024'], dayFirst)).toBe('2025-03-12');
    expect(findDate(['Till 4', 'Aog 14 2024 14:22'], dayFirst)).toBe('2024-08-14');
  });

  it('never returns a future date: the other reading wins, or none', () => {
    // Day-first would be 6 December 2025, after "today"; month-first is 12 June.
    expect(findDate(['06/12/2025'], dayFirst)).toBe('2025-06-12');
    expect(findDate(['Valid until 2026-01-01'], dayFirst)).toBeUndefined();
  });

  it('prefers the line labelled as the date over other dates', () => {
    expect(findDate(['Member since 01/01/2020', 'Date: 15/05/2025'], dayFirst)).toBe('2025-05-15');
  });

  it('reads a labelled date printed without separators, year first', () => {
    expect(findDate(['Invoice 20180312', 'Date/Time 20180428/191204'], dayFirst)).toBe('2018-04-28');
  });

  it('reads a labelled date whose slashes the OCR read as digits', () => {
    expect(findDate(['Date        1410372025 7:19:13 AM'], dayFirst)).toBe('2025-03-14');
    // Without the label, ten digits are an invoice or phone number.
    expect(findDate(['Invoice 1410372025'], dayFirst)).toBeUndefined();
  });

  it('rejects a year misread years before the same date printed again on the receipt', () => {
    expect(findDate(['Date: 10-05-2007 Time: 21:51', 'Printed 10/05/17 21:52'], dayFirst)).toBe('2017-05-10');
    // A later date of another day (points expiry) does not make the sale's year a misreading.
    expect(findDate(['Date: 18-01-2018 15:44', 'Points expiry 31/10/2020'], dayFirst)).toBe('2018-01-18');
  });

  it('takes the date printed with the time of sale over a statement’s end, the time read with a space', () => {
    expect(findDate(['Statement period ends 31/05/2025', '07/02/2025 18: 22 Store 5412'], dayFirst)).toBe(
      '2025-02-07',
    );
  });

  it('takes the date printed with the time of sale, its AM/PM glued on, over a later return-by date', () => {
    expect(findDate(['12/02/2025 09:41PM REG 3', 'RETURN BY 13/03/2025'], dayFirst)).toBe('2025-02-12');
    expect(findDate(['RETURN BY 13/03/2025', '12/02/2025 09:41PM REG 3'], dayFirst)).toBe('2025-02-12');
  });

  it('reads a date with one separator lost only when the year is whole and stands alone', () => {
    expect(findDate(['Ord 15 03-20251'], dayFirst)).toBeUndefined();
    expect(findDate(['Ref 15 03-2025/4'], dayFirst)).toBeUndefined();
  });

  it('does not read a word that only begins like a month for one', () => {
    expect(findDate(['2 maison 2020'], dayFirst)).toBeUndefined();
    expect(findDate(['Art. 12 mail 2024'], dayFirst)).toBeUndefined();
  });

  it('rejects impossible calendar days', () => {
    expect(findDate(['31/02/2025', '2025-13-01'], dayFirst)).toBeUndefined();
  });
});

describe('guessCategory', () => {
  it.each([
    ['SHELL STATION KM 23', 'V-POWER 97 40.00', 'Transportation'],
    ['STARBUCKS COFFEE', 'Latte 12.00', 'Food'],
    ['GOLDEN SCREEN CINEMAS', 'Ticket x2', 'Entertainment'],
    ['TENAGA NASIONAL', 'Electricity bill', 'Bills'],
    ['POPULAR BOOKSTORE', 'Notebook 4.50', 'Shopping'],
    ['XYZ 123', 'Item 1.00', 'Miscellaneous'],
  ])('%s → %s', (merchant, text, category) => {
    expect(guessCategory(merchant, `${merchant}\n${text}`)).toBe(category);
  });
});
