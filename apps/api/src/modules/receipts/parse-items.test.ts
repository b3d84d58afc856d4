import { describe, expect, it } from 'vitest';

import { extractReceipt } from './extract';
import { recognitionFromText } from './ocr/recognizer';
import { wholeAmountsWithCents } from './parse-amount';
import { findItems } from './parse-items';
import { itemsAddUp, itemsOfReading, sharesOf, splitByItems } from './split-by-items';
import { taxesOf } from './total-checks';

/** Receipt text as the OCR gives it: one line per row, spaces trimmed. */
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Where the expense goes: a dollar account (hundredths are its cents). */
const dollars = (receiptCategory: string) => ({ receiptCategory, accountCurrency: 'USD' });
const inDollars = (category: string) => ({ category, accountCurrency: 'USD' });

const HARDWARE_AND_SNACKS = lines(`
  PASAR BESI MAJU SDN BHD
  Lot 3, Jalan Tukang 5, Shah Alam
  Tel: 03-5511 2080
  Date: 09/07/2026 16:05   Inv No: 55120
  Description          Qty   Price   Amount
  Claw Hammer 16oz       1   24.90   24.90 SR
  Disc 10% Hammer                    -2.49
  Wood Screws 4x40     2 x 3.10       6.20 SR
  Iced Lemon Tea 500ml   1    2.40    2.40 SR
  Sub Total                          31.01
  SST 6%                              1.86
  Rounding Adj                       -0.02
  TOTAL                              32.85
  Cash                               50.00
  Change                             17.15
`);

describe('item lines of a receipt', () => {
  it('collects description and amount per item, never the subtotal, tax, total, payment or change lines', () => {
    expect(findItems(HARDWARE_AND_SNACKS)).toEqual([
      { description: 'Claw Hammer 16oz', amountCents: 2241 },
      { description: 'Wood Screws 4x40', amountCents: 620 },
      { description: 'Iced Lemon Tea 500ml', amountCents: 240 },
    ]);
  });

  it('takes the description from the line above when quantity and price sit on a row of their own', () => {
    const items = findItems(
      lines(`
        KEDAI BUKU PELANGI
        Item   Qty   U/P   Amount
        PENSEL 2B KOTAK 12
        3   1.20   3.60 SR
        BUKU LATIHAN 80 MUKA
        2   2.50   5.00 SR
        Total Qty: 5
        Total                8.60`),
    );
    expect(items).toEqual([
      { description: 'PENSEL 2B KOTAK 12', amountCents: 360 },
      { description: 'BUKU LATIHAN 80 MUKA', amountCents: 500 },
    ]);
  });

  it('multiplies quantity by price when only those are printed', () => {
    expect(findItems(lines('Espresso 2 x 1.80\nCroissant 2.10\nTOTAL 5.70'))).toEqual([
      { description: 'Espresso', amountCents: 360, printedCents: 180 },
      { description: 'Croissant', amountCents: 210 },
    ]);
  });

  it('reads no date, time, phone or column heading as an item, and a decimal comma like a point', () => {
    const items = findItems(
      lines(`
        OBSTHOF LINDE
        Tel. 0228 44.12
        12.10.2026 18:47
        Artikel Menge Preis
        Äpfel Elstar 1kg   2,79 A
        Blumenstrauss      7,50 B
        SUMME EUR         10,29`),
    );
    expect(items).toEqual([
      { description: 'Äpfel Elstar 1kg', amountCents: 279 },
      { description: 'Blumenstrauss', amountCents: 750 },
    ]);
  });

  it('reads no address line as an item, though its house numbers look like an amount', () => {
    const items = findItems(
      lines(`
        KEDAI MAKAN SERI
        12,14B, JALAN MELATI 3,
        Nasi Lemak Ayam      8.50
        Teh Tarik            2.20
        TOTAL               10.70`),
    );
    expect(items.map((item) => item.description)).toEqual(['Nasi Lemak Ayam', 'Teh Tarik']);
  });

  // A yen receipt prints whole yen: "¥500", "500円" or "JPY 500", the mark glued or spaced, two digits or four.
  it.each([
    ['¥500', (yen: string) => `¥${yen}`],
    ['¥ 500', (yen: string) => `¥ ${yen}`],
    ['500円', (yen: string) => `${yen}円`],
    ['JPY 500', (yen: string) => `JPY ${yen}`],
  ])('reads yen item lines priced like %s, without the mark in the description', (_, price) => {
    const text = `
      LAWSON SHIBUYA
      Onigiri Salmon     ${price('150')}
      Green tea 2 x ${price('128')} ${price('256')}
      Gum                ${price('98')}
      Bento              ${price('1,080')}
      TOTAL              ${price('1,584')}
      Cash               ${price('2,000')}
      Change             ${price('416')}`;
    const read = extractReceipt(recognitionFromText(lines(text).join('\n')), {
      today: '2026-11-26',
      dayFirst: true,
    });
    expect(read).toMatchObject({ currency: 'JPY', amountCents: 158400 });
    // Hundredths of a yen, as every reading's amounts are; the account converts them (whole yen).
    expect(read.items).toEqual([
      { description: 'Onigiri Salmon', amountCents: 15000 },
      { description: 'Green tea', amountCents: 25600 },
      { description: 'Gum', amountCents: 9800 },
      { description: 'Bento', amountCents: 108000 },
    ]);
    expect(itemsAddUp(lines(text).map(wholeAmountsWithCents), read.items, 158400)).toBe(true);
  });

  it('keeps a word that spells a currency code when no price stands beside it', () => {
    expect(findItems(lines('Paper CUP 12 pcs   3.50\nNasi Lemak RM 5.50\nTOTAL 9.00'))).toEqual([
      { description: 'Paper CUP', amountCents: 350 },
      { description: 'Nasi Lemak', amountCents: 550 },
    ]);
  });

  it('is empty when the receipt prints no item lines', () => {
    expect(findItems(lines('CORNER CAFE\nDate: 14/03/2025\nTOTAL 3.20\nCash 5.00\nChange 1.80'))).toEqual([]);
  });

  it('names a row of quantity and price after the line above, and skips the weight row under a priced item', () => {
    const text = lines(`
      GEMUESE ECK
      Karotten Bund        1,49 B
      Birnen lose          2,37 B
      1,185 kg x 2,00 EUR/kg
      Apfelsaft 1L
      3 Stk x 1,29         3,87 A
      SUMME EUR            7,73`);
    expect(findItems(text)).toEqual([
      { description: 'Karotten Bund', amountCents: 149 },
      { description: 'Birnen lose', amountCents: 237 },
      { description: 'Apfelsaft 1L', amountCents: 387 },
    ]);
    expect(itemsAddUp(text, findItems(text), 773)).toBe(true);
  });

  it('prices a weighed item by weight times the price per kilo when only those are printed under its name', () => {
    const text = lines(`
      PRIMEUR DU MARCHE
      TOMATES GRAPPE
      0,845 kg x 3,20 EUR/kg
      PAIN DE CAMPAGNE     2,10
      TOTAL                4,80`);
    // 0.845 × 3.20 = 2.704: 2,70 to the cent.
    expect(findItems(text)).toEqual([
      { description: 'TOMATES GRAPPE', amountCents: 270 },
      { description: 'PAIN DE CAMPAGNE', amountCents: 210 },
    ]);
  });

  it('keeps a deposit returned as an item below zero, and lowers an item by the discount words of other countries', () => {
    const text = lines(`
      MARKTHALLE SUED
      Sprudel 6x1L         3,54 A
      Pfand                1,50 A
      Waschmittel          6,95 A
      Aktion Waschmittel  -1,00 A
      Leergut Bon 0815    -2,25 A
      SUMME EUR            8,74`);
    expect(findItems(text)).toEqual([
      { description: 'Sprudel 6x1L', amountCents: 354 },
      { description: 'Pfand', amountCents: 150 },
      { description: 'Waschmittel', amountCents: 595 },
      { description: 'Leergut Bon 0815', amountCents: -225 },
    ]);
    expect(itemsAddUp(text, findItems(text), 874)).toBe(true);
  });

  it('reads a coupon printed with its currency sign as a discount of the item above', () => {
    const text = lines(`
      HOSHI MART
      Rice crackers        ¥320.00
      Hand cream           ¥980.00
      Coupon20%OFF        -¥196.00
      TOTAL               ¥1104.00`);
    expect(findItems(text).map((item) => item.amountCents)).toEqual([32000, 78400]);
  });

  it('reads a coffee’s "Reg" size as part of an item, and a register number as no item', () => {
    const text = lines(`
      BEAN STOP
      Reg 04 Rcpt 2210.00
      Reg No: 5521.10
      Latte Reg           3.60
      Mocha Lrg           4.20
      Total               7.80`);
    expect(findItems(text)).toEqual([
      { description: 'Latte Reg', amountCents: 360 },
      { description: 'Mocha Lrg', amountCents: 420 },
    ]);
  });

  it('keeps a dash that separates, a regular price, a pack size and a two-decimal weight from misleading', () => {
    const text = lines(`
      CORNER DELI
      Latte - 4.50
      Reg Price 5.99
      Cookie Reg. 2.99
      6x0,5L Bier 4,74
      PILZE BRAUN
      0,85 kg x 3,20 EUR/kg
      TOTAL 14.95`);
    expect(findItems(text)).toEqual([
      { description: 'Latte', amountCents: 450 },
      { description: 'Cookie Reg', amountCents: 299 },
      { description: expect.stringContaining('Bier'), amountCents: 474 },
      { description: 'PILZE BRAUN', amountCents: 272 },
    ]);
  });

  it('is on every reading, for tRPC and REST', () => {
    const read = extractReceipt(recognitionFromText(HARDWARE_AND_SNACKS.join('\n')), {
      today: '2026-11-26',
      dayFirst: true,
    });
    expect(read.amountCents).toBe(3285);
    expect(read.items.map((item) => item.amountCents)).toEqual([2241, 620, 240]);
  });
});

describe('a split proposed by the items', () => {
  it('adds up with the tax, the discount and the rounding the receipt prints, to the cent', () => {
    const items = findItems(HARDWARE_AND_SNACKS);
    expect(itemsAddUp(HARDWARE_AND_SNACKS, items, 3285)).toBe(true);
    // A total read one digit wrong is explained by no item sum: nothing is proposed.
    expect(itemsAddUp(HARDWARE_AND_SNACKS, items, 3265)).toBe(false);
    expect(splitByItems(HARDWARE_AND_SNACKS, items, 3265, dollars('Shopping'))).toBeNull();
  });

  it('gives one line per category, sharing tax and rounding in proportion so the lines make the total', () => {
    const split = splitByItems(
      HARDWARE_AND_SNACKS,
      findItems(HARDWARE_AND_SNACKS),
      3285,
      dollars('Shopping'),
    );
    expect(split).toEqual([
      // 28.61 and 2.40 of items, 1.84 of tax less rounding shared 1.70 / 0.14.
      { category: 'Shopping', amountCents: 3031, note: 'Claw Hammer 16oz, Wood Screws 4x40' },
      { category: 'Food', amountCents: 254, note: 'Iced Lemon Tea 500ml' },
    ]);
    expect(split?.reduce((sum, line) => sum + line.amountCents, 0)).toBe(3285);
  });

  it('shares the tax in whole yen for a yen account, the lines in yen; nothing for cents yen lacks', () => {
    const text = ['Iced Lemon Tea 500', 'Claw Hammer 1,000', 'Subtotal 1,500', 'Tax 100', 'TOTAL 1,600'].map(
      (line) => `${line}.00`,
    );
    const items = findItems(text);
    expect(items.map((item) => item.amountCents)).toEqual([50000, 100000]);
    const yen = { receiptCategory: 'Shopping', accountCurrency: 'JPY' };
    const split = splitByItems(text, items, 160000, yen);
    // ¥100 of tax shared 1 : 2 in whole yen (not ¥33.33 and ¥66.67): ¥533 and ¥1,067.
    expect(split?.map((line) => line.amountCents)).toEqual([533, 1067]);
    expect(split?.reduce((sum, line) => sum + line.amountCents, 0)).toBe(1600);
    // In a dinar account the same lines are in fils, to the cent read.
    const dinars = splitByItems(text, items, 160000, { ...yen, accountCurrency: 'BHD' });
    expect(dinars?.reduce((sum, line) => sum + line.amountCents, 0)).toBe(1_600_000);
    // Cents read for a yen account (a total of 12.50) cannot be split into yen.
    const cents = lines(`
      CORNER SHOP
      Iced Lemon Tea        5.00
      Claw Hammer           7.50
      TOTAL                12.50`);
    expect(splitByItems(cents, findItems(cents), 1250, yen)).toBeNull();
  });

  it('proposes nothing when an item was misread and the items no longer add up', () => {
    const misread = HARDWARE_AND_SNACKS.map((line) => line.replace(/2\.40 SR$/, '2.46 SR'));
    expect(findItems(misread).at(-1)?.amountCents).toBe(246);
    expect(splitByItems(misread, findItems(misread), 3285, dollars('Shopping'))).toBeNull();
  });

  it('proposes nothing when every item falls in one category: groceries and food at a supermarket are one', () => {
    const text = lines(`
      MINI MARKET SEGAR
      Fresh Milk 1L        6.90
      Teh Bag 100s         9.80
      Eggs 10pcs           5.20
      TOTAL               21.90`);
    const items = findItems(text);
    expect(itemsAddUp(text, items, 2190)).toBe(true);
    expect(splitByItems(text, items, 2190, dollars('Groceries'))).toBeNull();
  });

  it('takes back a currency sign read as a digit on an item when that alone makes the items add up', () => {
    // "$18.50" read as "518.50": the subtotal and the total say which.
    const text = `HILLTOP DINER
      Pancake Stack         518.50
      Iced Tea              $4.25
      Subtotal             $22.75
      TOTAL                $22.75`;
    const { items } = itemsOfReading(text, 2275, inDollars('Food'));
    expect(items.map((item) => item.amountCents)).toEqual([1850, 425]);
    expect(itemsAddUp(lines(text), items, 2275)).toBe(true);
  });

  it('reads a row of quantity and price as the row’s total when the sums say so', () => {
    // "6x 0,90": six deposits of 0,15 (0,90 in all), not six of 0,90. The total decides.
    const text = `BUURTSUPER
      MELK 1L              1,15
      STATIEGELD 6x        0,90
      TOTAAL               2,05`;
    expect(itemsOfReading(text, 205, inDollars('Groceries')).items.map((item) => item.amountCents)).toEqual([
      115, 90,
    ]);
    // Printed as a price each, the product stands.
    const each = `CAFE ROOD
      Espresso 2 x 1,80
      Cake                 2,50
      TOTAAL               6,10`;
    expect(itemsOfReading(each, 610, inDollars('Food')).items.map((item) => item.amountCents)).toEqual([
      360, 250,
    ]);
  });

  it('takes off what is deducted after the total (an insurer’s share) and counts a sales tax glued to its rate', () => {
    const pharmacy = lines(`
      PHARMACIE DU PORT
      VITAMINE D3 GOUTTES   8,40
      SPRAY NASAL           5,20
      TOTAL TTC            13,60
      Part Mutuelle        -4,10
      NET A PAYER           9,50`);
    expect(itemsAddUp(pharmacy, findItems(pharmacy), 950)).toBe(true);
    const store = lines(`
      NORTHGATE OUTFITTERS
      RAIN JACKET          60.00
      WOOL SOCKS           12.00
      SUBTOTAL             72.00
      SALESTAX7.5%          5.40
      TOTAL                77.40`);
    expect(itemsAddUp(store, findItems(store), 7740)).toBe(true);
  });

  it('counts a provincial sales tax and an optional service as parts of the total', () => {
    const bistro = lines(`
      HARBOUR BISTRO
      Chowder              12.00
      House Red Glass      10.00
      Subtotal             22.00
      GST 5%                1.10
      PST 10% (liquor)      1.00
      Total                24.10`);
    expect(itemsAddUp(bistro, findItems(bistro), 2410)).toBe(true);
    const pub = lines(`
      THE OLD BELL
      Ploughman's          11.00
      Cider Pint            5.00
      Sub Total            16.00
      Optional Service 12.5%  2.00
      Total                18.00`);
    expect(itemsAddUp(pub, findItems(pub), 1800)).toBe(true);
  });

  it('counts a tax glued to the words before it, a card surcharge, a member discount and a whole-rupee rounding', () => {
    const diner = lines(`
      SHORELINE DINER
      Clam Roll            18.00
      Iced Tea              3.00
      Subtotal             21.00
      NY StateTax8%         1.68
      Total                22.68`);
    expect(itemsAddUp(diner, findItems(diner), 2268)).toBe(true);
    const takeaway = lines(`
      REEF KITCHEN
      Barramundi Burger    19.00
      Chips                 6.00
      Subtotal             25.00
      Card surcharge 1.5%   0.38
      TOTAL                25.38`);
    expect(itemsAddUp(takeaway, findItems(takeaway), 2538)).toBe(true);
    const salon = lines(`
      STUDIO ROSE
      Wash & Blow Dry      60.00
      Treatment            40.00
      Sub Total           100.00
      MemberDiscount 10%   10.00
      TOTAL                90.00`);
    expect(itemsAddUp(salon, findItems(salon), 9000)).toBe(true);
    const dhaba = lines(`
      SPICE ROUTE DHABA
      Veg Thali           250.00
      Masala Chaas         55.00
      Sub Total           305.00
      CGST@2.5%             7.63
      SGST@2.5%             7.63
      Round Off            -0.26
      GRAND TOTAL         320.00`);
    expect(itemsAddUp(dhaba, findItems(dhaba), 32000)).toBe(true);
  });

  it('counts one reading of an amount once, and proposes no split a deduction takes to nothing', () => {
    // 3 x 5.00 is 15.00, and 15.00 without a sign-like "1" is the 5.00 printed: one other reading.
    const beers = `TAPHOUSE
      Pale Ale 3 x 5.00
      Nachos               8.00
      TOTAL               13.00`;
    expect(itemsOfReading(beers, 1300, inDollars('Food')).items.map((item) => item.amountCents)).toEqual([
      500, 800,
    ]);
    const returned = lines(`
      GETRAENKE HOF
      Sprudel              1,50 A
      Leergut             -1,50 A
      Seife                2,00 B
      SUMME EUR            2,00`);
    expect(itemsAddUp(returned, findItems(returned), 200)).toBe(true);
    expect(splitByItems(returned, findItems(returned), 200, dollars('Groceries'))).toBeNull();
  });

  it('takes no service bought, nor a word ending in "tax", for a tax line', () => {
    expect(taxesOf(['Hair Service 45.00', 'LAYS STAX 2.99', 'Syntax Guide 12.00'])).toEqual([]);
    expect(taxesOf(['Optional Service 12.5% 2.00', 'NY StateTax8% 1.68'])).toEqual([200, 168]);
  });

  it('keeps items that add up as read, and items that would add up in two ways', () => {
    const asRead = `PAINT CORNER
      Roller              15.00
      Brush                5.00
      TOTAL               20.00`;
    expect(itemsOfReading(asRead, 2000, inDollars('Shopping')).items.map((item) => item.amountCents)).toEqual(
      [1500, 500],
    );
    // 15.00 + 5.50 or 5.00 + 15.50 both make 20.50: nothing tells which sign was misread.
    const twoWays = `PAINT CORNER
      Roller              15.00
      Brush               15.50
      TOTAL               20.50`;
    expect(
      itemsOfReading(twoWays, 2050, inDollars('Shopping')).items.map((item) => item.amountCents),
    ).toEqual([1500, 1550]);
  });

  it('is read again from a kept reading, and not proposed for one saved as a split', () => {
    const text = HARDWARE_AND_SNACKS.join('\n');
    expect(itemsOfReading(text, 3285, inDollars('Shopping')).proposedSplit).toHaveLength(2);
    expect(itemsOfReading(text, 3285, inDollars('Split'))).toMatchObject({ proposedSplit: null });
    expect(itemsOfReading(null, 3285, inDollars('Shopping'))).toEqual({ items: [], proposedSplit: null });
  });
});

describe('sharing an amount among lines in proportion', () => {
  it('adds up exactly, the cents left going to the largest remainders, and takes a discount off too', () => {
    expect(sharesOf(1000, [333, 333, 334])).toEqual([333, 333, 334]);
    expect(sharesOf(1001, [1, 1, 1])).toEqual([334, 334, 333]);
    expect(sharesOf(90, [50, 50])).toEqual([45, 45]);
    expect(sharesOf(97, [50, 50])).toEqual([48, 49]);
    const big = sharesOf(9_999_999_999_99, [7_000_000_000_00, 2_999_999_999_98]);
    expect(big.reduce((sum, cents) => sum + cents, 0)).toBe(9_999_999_999_99);
  });
});
