import { describe, expect, it } from 'vitest';

import { RECEIPT_CONFIDENT, RECEIPT_DOUBTS } from '@paisable/contracts';

import { extractReceipt } from './extract';
import { recognitionFromText } from './ocr/recognizer';
import { wholeAmountsWithCents } from './parse-amount';
import { currencyForAccount, findCurrency } from './parse-currency';

/** A user who keeps ringgit (day-first dates), or dollars (month-first), reading a receipt. */
const ringgit = { today: '2026-11-26', dayFirst: true };
const dollars = { today: '2026-11-26', dayFirst: false };
const read = (text: string, options = ringgit, confidence = 0.95) =>
  extractReceipt(recognitionFromText(text, confidence), options);

/** The amount read, and sure enough to be saved without review. */
function expectSavedAs(result: ReturnType<typeof read>, cents: number) {
  expect(result.amountCents).toBe(cents);
  expect(result.confidence.total).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
}

describe('the total the receipt’s own arithmetic supports', () => {
  it('takes the payable total the sections add up to, not a section printed twice', () => {
    const result = read(`
      PASAR MINI CAHAYA SDN BHD
      Date: 02/05/2018 10:40
      Tepung Gandum 1kg        15.20 Z
      Sabun Cecair              8.48 S
      Total 6% supplies (Inc. GST):  8.48
      Total 0% supplies:            15.20
      Total Payable:                23.68`);
    expectSavedAs(result, 2368);
  });

  it('asks instead of guessing when two totals are printed and nothing confirms either', () => {
    const result = read(`
      KEDAI BUKU ILMU
      Date: 11/09/2018 16:05
      Buku Latihan              9.20
      Pensel 2B                 7.50
      TOTAL                    18.40
      TOTAL                    16.40`);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.totalsDisagree);
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
  });

  it('takes the total charged with the tip the card paid, not the total before it', () => {
    const result = read(
      `
      HARBOR GRILL
      Portland, OR 97204
      03/04/2026 8:02 PM
      Burger                  $16.00
      Fries                    $6.00
      Subtotal                $22.00
      Sales Tax                $1.76
      Total                   $23.76
      Tip                      $4.00
      Total Charged           $27.76
      VISA ****1234           $27.76`,
      ringgit,
    );
    expect(result.amountCents).toBe(2776);
    expect(result.currency).toBe('USD');
    // A US receipt prints the month first, whatever the user's own currency.
    expect(result.date).toBe('2026-03-04');
    expect(result.confidence.total).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
  });

  it('takes the total after the tip written on a card slip, the amount above plus the tip', () => {
    const result = read(
      `
      LANTERN NOODLE BAR
      Duluth, MN 55802
      Check 4410   Table 6
      06/12/2026 7:31 PM
      VISA XXXX 7720  Contactless
      Subtotal                 $38.00
      Tax                       $2.92
      Amount                   $40.92
      + Tip                      8.00
      = Total                   48.92
      I agree to pay the above total`,
      dollars,
    );
    expectSavedAs(result, 4892);
    expect(result.doubts).not.toContain(RECEIPT_DOUBTS.totalsDisagree);
  });

  it('takes the amount charged at a fuel pump, not the card hold taken before the fill', () => {
    const result = read(
      `
      PRAIRIE GAS #410
      Amarillo, TX 79101
      09/21/26  05:40 PM
      PUMP 3  UNLEADED
      GALLONS 9.214  PRICE/GAL $3.199
      FUEL TOTAL               $ 29.48
      VISA XXXXXXXXXXXX1180
      PRE-AUTH AMOUNT         $ 100.00
      AMOUNT CHARGED           $ 29.48`,
      dollars,
    );
    expect(result.amountCents).toBe(2948);
    expect(result.doubts).not.toContain(RECEIPT_DOUBTS.totalsDisagree);
    expect(result.confidence.total).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
  });

  it('takes the tip written in, not the tip guide printed under it', () => {
    const result = read(
      `
      LANTERN NOODLE BAR
      06/12/2026 7:31 PM
      Subtotal                 $38.00
      Tax                       $2.92
      Amount                   $40.92
      Tip                        6.00
      Total                     46.92
      Tip guide: 18% = $7.37`,
      dollars,
    );
    expectSavedAs(result, 4692);
  });

  it('asks when the pound sign may have been read as a 1 on every figure, though they all agree', () => {
    // "£" glued to each amount, read by the OCR as "(", "L" or "1": subtotal + VAT and the card
    // agree with 134.80, and so would they with the £34.80 really paid.
    const result = read(`
      THE CORNER DELI
      Leeds LS1 4DY
      Date 14/03/2026 12:40
      Sandwich                (6.50
      Soup of the day         L5.20
      Sub Total              129.00
      VAT 20%                 L5.80
      Total                  134.80
      Card Payment           134.80`);
    expect(result.amountCents).toBe(13480);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.totalFaint);
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
  });

  it('saves a dollar total starting with a 1 when the suggested tips print "$": a "$" is no "1"', () => {
    const result = read(
      `
      HARBOR GRILL
      Boston MA 02110
      06/11/2026 8:47PM
      Subtotal                    159.00
      MA Meals Tax 7%              11.13
      Total                       170.13
      AMOUNT DUE                  170.13
      15%  Tip $23.85   Total $193.98
      20%  Tip $31.80   Total $201.93`,
      dollars,
    );
    expectSavedAs(result, 17013);
    expect(result.doubts).not.toContain(RECEIPT_DOUBTS.totalFaint);
  });

  it('asks when the total may be the card payment with its dollar sign read as a 5', () => {
    // "$16.50" and "$17.82" read "516.50" and "517.82": subtotal + tax agree with the misread total,
    // and only the card's amount, its sign read as a sign, shows what was paid.
    const result = read(
      `
      JOE'S GRILL
      Date 03/14/2026
      Burger                 $12.00
      Fries                   $4.50
      Subtotal               516.50
      Tax                     $1.32
      Total                  517.82
      Card                   $17.82`,
      dollars,
    );
    expect(result.doubts).toContain(RECEIPT_DOUBTS.totalFaint);
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
  });

  it('trusts a total starting with a 5 when no amount printed with its sign explains it', () => {
    const result = read(
      `
      JOE'S GRILL
      Date 03/14/2026
      Family platter         $48.00
      Fries                   $4.50
      Subtotal               $52.50
      Tax                     $4.20
      Total                   56.70
      Card                   $56.70`,
      dollars,
    );
    expectSavedAs(result, 5670);
  });

  it('trusts the same figures when the sign was read as a sign', () => {
    const result = read(`
      THE CORNER DELI
      Leeds LS1 4DY
      Date 14/03/2026 12:40
      Sandwich                £6.50
      Soup of the day         £5.20
      Sub Total              £29.00
      VAT 20%                 £5.80
      Total                  £34.80
      Card Payment           £34.80`);
    expect(result.amountCents).toBe(3480);
    expect(result.doubts).not.toContain(RECEIPT_DOUBTS.totalFaint);
    expect(result.confidence.total).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
  });

  it('trusts a total India’s taxable value and its GST add up to', () => {
    const result = read(`
      KULKARNI FURNITURE HOUSE
      Date: 14-03-2026
      Teak study chair         1   Rs.2,000.00
      Taxable Value                Rs.2,000.00
      CGST @ 6%                    Rs.120.00
      SGST @ 6%                    Rs.120.00
      Total                        Rs.2,240.00`);
    expectSavedAs(result, 224000);
  });

  it('adds up the taxable amount of each rate and their GST', () => {
    const result = read(`
      KEDAI PERABOT MAJU
      Date: 10-05-2017 21:51
      Rak kasut besar          1.00 X 40.00   40.00
      TOTAL                                   42.40
      TAXABLE AMT (S)                         40.00
      GST 6%                                   2.40
      TAXABLE AMT (Z)                          0.00
      GST 0%                                   0.00`);
    expectSavedAs(result, 4240);
  });

  it('trusts a total paid in two parts that add up to it', () => {
    const result = read(`
      LAKESIDE LODGE
      Date 12/03/2026
      Room, 2 nights
      Total due                 286.40
      Gift card                 100.00
      Visa                      186.40`);
    expectSavedAs(result, 28640);
  });

  it('adds no gift card’s balance left to the parts paid', () => {
    const result = read(`
      CINEMA PARADISO
      Date 12/03/2026 19:05
      2 tickets
      Total                      35.00
      Visa                       20.00
      Gift card                  15.00
      Gift card balance          10.00`);
    expectSavedAs(result, 3500);
  });

  it('takes the balance right below the cash handed over for the change', () => {
    const result = read(`
      SRI GANESH STORES
      Bill No:1182 Date:02/11/2026
      Atta 5kg                  1 265.00
      Total Qty:2
      Net Amt                     415.00
      Cash Recd                   500.00
      Balance                      85.00`);
    expectSavedAs(result, 41500);
  });

  it('reads Austria’s "Retour" as the change given back', () => {
    const result = read(`
      CAFE AM GRABEN
      Datum: 12.01.2026 10:15
      Summe EUR                    18,40
      Bar                          20,00
      Retour                        1,60`);
    expectSavedAs(result, 1840);
  });

  it('reads Portugal’s cash and change, "Numerário" and "Troco"', () => {
    const result = read(`
      CAFE CENTRAL DO PORTO
      Data: 2026-04-11 10:35
      TOTAL A PAGAR             8,70 €
      Numerário                10,00 €
      Troco                     1,30 €`);
    expect(result.amountCents).toBe(870);
    expect(result.currency).toBe('EUR');
    expect(result.confidence.total).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
  });

  it.each([
    ['the Netherlands’ change, "Terug"', 'TOTAAL 8,70\nContant 10,00\nTerug 1,30'],
    ['Spain’s cash handed over, "Entregado"', 'TOTAL 8,70\nEntregado 10,00\nCambio 1,30'],
    // Two totals read differently: the one the card paid is the total.
    ['Germany’s card, "girocard"', 'SUMME EUR 8,76\nSUMME EUR 8,70\ngirocard EUR 8,70'],
  ])('reads %s', (_, payment) => {
    const result = read(`KIOSK AM MARKT\nDatum: 12.03.2026 10:15\n${payment}`);
    expectSavedAs(result, 870);
  });

  it.each([
    ['France', 'TOTAL TTC 24,10\nCB SANS CONTACT 24,10\nTOTAL ECONOMIES CARTE : 1,90 EUR'],
    ['Germany', 'SUMME EUR 24,10\nKartenzahlung 24,10\nTotal Ersparnis 1,90'],
    ['Spain', 'TOTAL A PAGAR 24,10\nTARJETA 24,10\nTOTAL AHORRO 1,90'],
    ['Italy', 'TOTALE EURO 24,10\nPAGAMENTO CARTA 24,10\nTOTALE SCONTI 1,90'],
    ['the Netherlands', 'TE BETALEN 24,10\nPIN 24,10\nTOTAAL KORTING 1,90'],
  ])('does not take the savings printed below the total for it (%s)', (_, foot) => {
    const result = read(`MARCHE DU CENTRE\nDate 03/10/2025 16:31\n${foot}`);
    expectSavedAs(result, 2410);
  });

  it('takes what is left to pay after points or a deposit voucher come off the total', () => {
    expectSavedAs(
      read(`
      MIDORI PHARMACY
      2025/12/06 19:31
      Total (tax incl.)          4,024.00
      Points used 500P            -500.00
      Amount due                 3,524.00
      PayPay                     3,524.00`),
      352400,
    );
    expectSavedAs(
      read(`
      FRISCHMARKT AM PLATZ
      Datum 12.03.2026 10:15
      SUMME EUR                     19,63
      Leergut-Bon                   -1,85
      zu zahlen                     17,78`),
      1778,
    );
  });

  it('asks when points came off the total and their amount could not be read', () => {
    const result = read(`
      MIDORI PHARMACY
      2025/12/06 19:31
      Subtotal                   4,024.00
      Total (tax incl.)          4,024.00
      Points used 5ooP              .V5oo
      Asount due                 3,524.0O`);
    expect(result.amountCents).toBe(402400);
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.deductionUnread);
  });

  it('keeps the total when the deduction below it leaves an amount printed nowhere', () => {
    const result = read(`
      MIDORI PHARMACY
      2025/12/06 19:31
      Total (tax incl.)          4,024.00
      Credit card                4,024.00
      Points used 500P            -500.00`);
    expectSavedAs(result, 402400);
  });

  it('reads the change whose amount ran into the cash line above it', () => {
    const result = read(`
      TRATTORIA DEL PONTE
      Data 21/04/2026 13:05
      TOTALE COMPLESSIVO           34,20
      Pagamento contante     15,80 50,00
      Rest0`);
    expectSavedAs(result, 3420);
  });

  it('does not take a gift card’s balance printed further down for the change', () => {
    const result = read(`
      BOOK NOOK
      Date 02/11/2026
      Paperback novel
      Total                        35.00
      Cash                         50.00
      Thank you for shopping with us
      Gift card balance            15.00`);
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
  });

  it('does not add up one card payment printed twice', () => {
    // "18.00" misread as "36.00" on the total's line: the payment printed twice is no proof of it.
    const result = read(`
      HILLTOP BAKERY
      Date 12/03/2026
      Bread and pastries
      Total                      36.00
      VISA                       18.00
      Card payment               18.00`);
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
  });
});

describe('a total sent to review', () => {
  it('says it was worked out when the receipt prints it nowhere as such', () => {
    // The total before rounding and the adjustment are printed; the amount paid is not.
    const result = read('BOOK CORNER\nTotal RM 18.47\nRounding Adjustment RM -0.02');
    expect(result.amountCents).toBe(1845);
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.totalWorkedOut);
  });

  it('says the amount was not read on the total’s line when it comes from other figures', () => {
    const result = read('CORNER SHOP\nSoap 2.50\nBread 2.50\nMilk 1.20');
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.totalUnlabelled);
  });
});

describe('a fuel receipt', () => {
  it('is confirmed by the volume times the price per unit the pump printed', () => {
    const us = read(
      `LAKESIDE GAS 112
      04/18/2026 07:12 AM
      PUMP 03 UNLEADED REG
      GALLONS: 9.812
      PRICE/GAL: $3.499
      TOTAL $34.33
      DEBIT`,
      dollars,
    );
    expectSavedAs(us, 3433);
    // The same on one line, in litres with a decimal comma.
    const german = read(`TANKSTELLE AM RING
      Saeule 5 Super E10
      38,47 l x 1,839 EUR/l
      Summe EUR 70,75
      girocard`);
    expectSavedAs(german, 7075);
  });

  it('is not confirmed by a volume and a price whose product is another amount', () => {
    const result = read(
      `LAKESIDE GAS 112
      GALLONS: 9.812
      PRICE/GAL: $3.499
      TOTAL $43.33
      DEBIT`,
      dollars,
    );
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
  });
});

describe('receipts from anywhere', () => {
  it('takes back a year with one misread digit, and asks for the date to be checked', () => {
    const result = read(`
      BRASSERIE DU PORT
      mar.24/03/2826 08:47
      TOTAL TTC                 13,10
      ESPECES                   20,00
      RENDU                      6,90`);
    expect(result.date).toBe('2026-03-24');
    expect(result.doubts).toContain(RECEIPT_DOUBTS.dateFaint);
    expect(result.confidence.date).toBeLessThan(RECEIPT_CONFIDENT);
  });

  it('takes back a day and month with letters read for digits, and asks for the date to be checked', () => {
    const result = read(`
      HARBOUR NOODLE BAR
      Date 2l/O4/2025 19:20
      Laksa                     12.50
      TOTAL                     12.50`);
    expect(result.date).toBe('2025-04-21');
    expect(result.doubts).toContain(RECEIPT_DOUBTS.dateFaint);
    expect(result.confidence.date).toBeLessThan(RECEIPT_CONFIDENT);
  });

  it('takes no year back when several one-digit changes would make one', () => {
    // "2027" is after today; 2017, 2020 … 2026 are each one digit away: nothing tells which.
    const result = read(`
      BRASSERIE DU PORT
      24/03/2027 08:47
      TOTAL TTC                 13,10`);
    expect(result.date).toBeUndefined();
  });

  it('reads a German till receipt: SUMME EUR, cash given and change, a day-first date for a dollar user', () => {
    const result = read(
      `
      GETRÄNKE KOCH
      Bahnhofstr. 3, 20095 Hamburg
      Apfelschorle             1,49
      Brezel                   0,95
      Kaffee to go             4,91
      SUMME EUR                7,35
      Geg. BAR                10,00
      Rückgeld                 2,65
      MwSt 19%                 1,17
      03.02.2026  09:14`,
      dollars,
    );
    expect(result.amountCents).toBe(735);
    expect(result.currency).toBe('EUR');
    expect(result.date).toBe('2026-02-03');
    expect(result.confidence.total).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
  });

  it('reads a French TOTAL TTC over the total before tax (HT)', () => {
    const result = read(`
      CAVE SAINT-JEAN
      Le 12/10/2026 à 17:30
      Vin rouge                 21,00
      Fromage                   10,50
      TOTAL TTC                 31,50 €
      dont TVA 20%               5,25 €
      Total HT                  26,25 €`);
    expect(result.amountCents).toBe(3150);
    expect(result.currency).toBe('EUR');
    expect(result.date).toBe('2026-10-12');
  });

  it('reads yen without cents', () => {
    const result = read(`
      SAKURA BOOKS
      2026/09/21 15:02
      Notebook                 ¥1,280
      Pen                        ¥600
      Total                    ¥3,480
      Cash                     ¥5,000
      Change                   ¥1,520`);
    expect(result.amountCents).toBe(348_000);
    expect(result.currency).toBe('JPY');
    expect(result.date).toBe('2026-09-21');
  });

  it('asks about a yen total read with cents when nothing of the receipt makes it whole', () => {
    const result = read(`
      SAKURA BOOKS
      2026/09/21 15:02
      Notebook                 ¥1,280
      Pen                        ¥600
      Total                      9.40`);
    expect(result.currency).toBe('JPY');
    expect(result.doubts).toContain(RECEIPT_DOUBTS.totalFaint);
    expect(result.confidence.total).toBeLessThan(RECEIPT_CONFIDENT);
  });

  it('reads rupiah with dots between thousands, and cash less change confirms it', () => {
    const result = read(`
      KEDAI KOPI SENJA
      Jl. Diponegoro 7, Bandung
      Tanggal: 08/07/2026 19:20
      Kopi Susu          Rp 25.000
      Pisang Goreng      Rp 62.500
      TOTAL              Rp 87.500
      Tunai             Rp 100.000
      Kembali            Rp 12.500`);
    expect(result.amountCents).toBe(8_750_000);
    expect(result.currency).toBe('IDR');
    expect(result.date).toBe('2026-07-08');
    expect(result.confidence.total).toBeGreaterThanOrEqual(RECEIPT_CONFIDENT);
  });

  it('reads an Italian TOTALE with change as "Resto", and a Dutch Totaal paid in cash', () => {
    const italian = read(`
      PASTICCERIA ROSA
      Cannoli                   6,40
      TOTALE                    6,40
      Contanti                 10,00
      Resto                     3,60
      21/06/2026 10:02`);
    expect(italian.amountCents).toBe(640);
    const dutch = read(`
      Snackbar De Hoek
      Patat                     3,20
      Kroket                    2,75
      Totaal                    5,95
      Contant                  10,00
      Wisselgeld                4,05
      BTW 9%                    0,49
      14-08-2026 12:31`);
    expect(dutch.amountCents).toBe(595);
    expect(dutch.currency).toBe('EUR');
  });

  it('settles 05/06 by another date on the same receipt printed day first', () => {
    const result = read(
      `
      GARDEN CENTRE
      Date 05/06/2026 11:20
      Plants                   12.00
      Total                    12.00
      Cash                     20.00
      Change                    8.00
      Exchange by 19/06/2026`,
      dollars,
    );
    expect(result.date).toBe('2026-06-05');
  });

  it('reads dates the OCR ran into their label or the time: "Date2026.08.09", "Nov02,202608:14", "Sep 14.2026"', () => {
    expect(read('NOODLE BAR\nDate2026.07.19 12:40\nTotal ¥980').date).toBe('2026-07-19');
    expect(read('CAFE\nOrder #12 Oct05,202609:30\nTotal $4.50', dollars).date).toBe('2026-10-05');
    expect(read('CAFE\nOrder #1187 Sep 14.202607:55\nTotal $4.50', dollars).date).toBe('2026-09-14');
    // A long year run into a time whose colon was lost: four digits that make a time, and no fifth.
    expect(read('BAUMARKT\nFr.17.07.20261020 K1\nSumme EUR 12,50').date).toBe('2026-07-17');
    expect(read('BAUMARKT\nBeleg 17.07.202610201\nSumme EUR 12,50').date).toBeUndefined();
    expect(read('BAUMARKT\nBeleg 17.07.20262975\nSumme EUR 12,50').date).toBeUndefined();
    // A French weekday's abbreviation ("jeu." for jeudi) glued to the date; a decimal before a slash is not.
    expect(read('BRASSERIE\njeu.12/02/2026 12:15\nTotal 9,80').date).toBe('2026-02-12');
    expect(read('BRASSERIE\nRef 1.12/02/2026\nTotal 9,80').date).toBeUndefined();
  });

  it('flags a date that could be read both ways when nothing on the receipt tells the order', () => {
    const result = read(`
      CORNER SHOP
      Date 05/06/2026 11:20
      Milk 2.00
      Total 2.00
      Cash 2.00
      Total £2.00 Total €2.00`);
    expect(result.doubts).toContain(RECEIPT_DOUBTS.dateOrderUnsure);
    expect(result.confidence.date).toBeLessThan(RECEIPT_CONFIDENT);
  });
});

describe('findCurrency', () => {
  it('reads symbols and codes, and the dollar of the country the receipt names', () => {
    expect(findCurrency(['Total RM 12.50']).code).toBe('MYR');
    expect(findCurrency(['Grand Total ₹ 2,310.00']).code).toBe('INR');
    expect(findCurrency(['Net Amount Rs. 450.00']).code).toBe('INR');
    expect(findCurrency(['Total £8.20']).code).toBe('GBP');
    expect(findCurrency(['Total S$ 12.00']).code).toBe('SGD');
    expect(findCurrency(['Fr. 12.50 Bar']).code).toBe('CHF');
    expect(findCurrency(['TOTAL EUROS 26,20']).code).toBe('EUR');
    expect(findCurrency(['合計 ¥1,280']).code).toBe('JPY');
    expect(findCurrency(['合計¥1,280']).code).toBe('JPY');
    expect(findCurrency(['お会計 1,280円']).code).toBe('JPY');
    // Smudges and stars the OCR read as a yen sign, away from any figure, name no currency.
    expect(
      findCurrency(['F¥%% OFFICIAL RECEIPT', 'COMPANY NO: 564329-¥', 'Dine In ¥4¥']).code,
    ).toBeUndefined();
    // Germany's Friday before a date is no franc.
    expect(findCurrency(['Fr.17.07.2026 10:20', 'Summe 12,50']).code).toBe('EUR');
    expect(findCurrency(['Fr. 2026-07-17 10:20', 'Summe 12,50']).code).toBe('EUR');
    expect(findCurrency(['ABN 12 345 678 901', 'TOTAL $14.00']).code).toBe('AUD');
    expect(findCurrency(['TOTAL $14.00']).code).toBe('USD');
    expect(findCurrency(['Total CHF 9.50']).code).toBe('CHF');
  });

  it('reads the country from tax names and ids when no symbol is printed (OCR runs words together)', () => {
    expect(findCurrency(['IVA10% 1,20', 'TOTAL 13,20']).code).toBe('EUR');
    expect(findCurrency(['GSTIN 27ABCDE1234F1Z9', 'TOTAL 90.00']).code).toBe('INR');
    expect(findCurrency(['VAT Reg 123 4567 89', 'Total 4.20']).code).toBe('GBP');
    expect(findCurrency(['NO. 3 JALAN MAWAR', 'TOTAL 4.20']).code).toBe('MYR');
    // An Indian shop's bill read without its "₹": the city says where it is.
    expect(
      findCurrency(['SRI GANESH PROVISIONS', 'Jayanagar, Bengaluru 560041', 'Net Amt 450.00']).code,
    ).toBe('INR');
    expect(findCurrency(['DELHI CURRY HOUSE SDN BHD', 'JALAN AMPANG', 'TOTAL 24.00']).code).toBe('MYR');
    // A US till prints no "$" at all: its sales tax, in capitals too, says where it is.
    expect(findCurrency(['TX SALES TAX 8.25% 2.33', 'TOTAL 30.60']).code).toBe('USD');
  });

  it('lets several cues of the country outweigh one stray symbol read from a smudge', () => {
    const lines = ['KEDAI MAJU SDN BHD', 'NO 3 JALAN MAWAR, 43000 KAJANG, SELANGOR', 'TOTAL 12.00 ¥'];
    expect(findCurrency(lines).code).toBe('MYR');
  });

  it('reads no dollar of another country from an "S$" the OCR glued to a word ("COUPONS$3.00")', () => {
    const lines = ['2230 N MAIN ST, ROCKFORD, IL 61103', 'TOTAL 31.87', 'COUPONS$3.00 CARD SAVINGS $1.50'];
    expect(findCurrency(lines).code).toBe('USD');
    expect(findCurrency(['Total S$12.00']).code).toBe('SGD');
    expect(findCurrency(['TOTAL US$12.00']).code).toBe('USD');
  });

  it('reads the shop’s currency from a card slip converted for a visitor, not the card’s', () => {
    const slip = ['TOTAL €38.20', 'Transaction amount EUR 38.20', 'Exchange rate 1 EUR = 1.1690 USD'];
    const converted = [...slip, 'Transaction amount USD 44.66', 'TOTAL USD 44.66', 'I choose USD'];
    expect(findCurrency(converted).code).toBe('EUR');
    expect(findCurrency(['TOTAL USD 44.66', 'USD 44.66 PAID']).code).toBe('USD');
    expect(findCurrency(['1 PCS = 2.50 EUR', 'TOTAL USD 5.00', 'CARD USD 5.00']).code).toBe('USD');
  });

  it('names no currency when the receipt prints none and no cue', () => {
    expect(findCurrency(['Milk 2.00', 'Total 2.00']).code).toBeUndefined();
  });
});

describe('currencyForAccount', () => {
  it('takes a plain "$" for the dollar of a user who keeps one, and no other sign or cue', () => {
    const plain = findCurrency(['CORNER DAIRY', 'TOTAL $12.50']);
    expect(currencyForAccount(plain, 'NZD')).toBe('NZD');
    expect(currencyForAccount(plain, 'USD')).toBe('USD');
    // A euro user's "$" receipt is a dollar one, from abroad.
    expect(currencyForAccount(plain, 'EUR')).toBe('USD');
    // Cues of a country name its dollar, whatever the user keeps.
    expect(currencyForAccount(findCurrency(['ABN 12 345 678 901', 'TOTAL $14.00']), 'NZD')).toBe('AUD');
    expect(currencyForAccount(findCurrency(['Austin, TX 78701', 'TOTAL $14.00']), 'NZD')).toBe('USD');
  });
});

describe('wholeAmountsWithCents', () => {
  it('gives whole amounts cents and leaves dates, times, phone numbers and quantities alone', () => {
    expect(wholeAmountsWithCents('Rice ¥1,100')).toBe('Rice ¥1100.00');
    expect(wholeAmountsWithCents('Gum ¥ 98')).toBe('Gum ¥ 98.00');
    expect(wholeAmountsWithCents('Tea 2 x 128円 256円')).toBe('Tea 2 x 128.00円 256.00円');
    expect(wholeAmountsWithCents('Gum JPY 98')).toBe('Gum JPY 98.00');
    expect(wholeAmountsWithCents('Water 500ml 2 pcs')).toBe('Water 500ml 2 pcs');
    expect(wholeAmountsWithCents('TOTAL Rp 45.500')).toBe('TOTAL Rp 45500.00');
    expect(wholeAmountsWithCents('Water 600ml 3.500')).toBe('Water 600ml 3500.00');
    expect(wholeAmountsWithCents('12.08.2026 17:33')).toBe('12.08.2026 17:33');
    expect(wholeAmountsWithCents('TEL 03-1234-5678')).toBe('TEL 03-1234-5678');
    expect(wholeAmountsWithCents('Table No. 12')).toBe('Table No. 12');
  });

  it('takes a "Y" glued to a figure for the yen sign the OCR misread, but not a Y ending a word', () => {
    expect(wholeAmountsWithCents('Total Y1,280')).toBe('Total Y1280.00');
    expect(wholeAmountsWithCents('Tea Y98')).toBe('Tea Y98.00');
    expect(wholeAmountsWithCents('QTY2 Gum')).toBe('QTY2 Gum');
  });
});
