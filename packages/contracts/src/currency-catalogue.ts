/**
 * Every active currency of ISO 4217 (table A.1, as amended up to 2026) with its minor unit: how many
 * decimals its amounts have. Amounts are stored as integers of that unit (cents, yen, fils). Precious
 * metals and testing codes (XAU, XTS, XXX …) have no minor unit, so no ledger can hold them, and are left
 * out. The spec's seven come first, with their flags, so every picker lists them first.
 *
 * The symbol is what en-US `Intl.NumberFormat` prints where it has one (so "$" is the US dollar and the
 * other dollars are "CA$", "A$" …, told apart wherever two appear); otherwise the one printed locally
 * (RM for the ringgit), else the code itself.
 */
export type IsoCurrency = {
  code: string;
  name: string;
  /** Decimals of an amount: 0 (JPY, KRW), 2 (most), 3 (BHD, KWD, JOD …), 4 (CLF, UYW). */
  minorUnit: number;
  symbol: string;
  /** Only the spec's seven carry a flag. */
  flag?: string;
};

type Row = [code: string, minorUnit: number, name: string, symbol?: string];

const SPEC_SEVEN: IsoCurrency[] = [
  { code: 'USD', name: 'United States Dollar', minorUnit: 2, symbol: '$', flag: '🇺🇸' },
  { code: 'EUR', name: 'Euro', minorUnit: 2, symbol: '€', flag: '🇪🇺' },
  { code: 'GBP', name: 'British Pound', minorUnit: 2, symbol: '£', flag: '🇬🇧' },
  { code: 'JPY', name: 'Japanese Yen', minorUnit: 0, symbol: '¥', flag: '🇯🇵' },
  { code: 'CAD', name: 'Canadian Dollar', minorUnit: 2, symbol: 'CA$', flag: '🇨🇦' },
  { code: 'AUD', name: 'Australian Dollar', minorUnit: 2, symbol: 'A$', flag: '🇦🇺' },
  { code: 'INR', name: 'Indian Rupee', minorUnit: 2, symbol: '₹', flag: '🇮🇳' },
];

// prettier-ignore
const OTHERS: Row[] = [
  ['AED', 2, 'UAE Dirham', 'AED'], ['AFN', 2, 'Afghan Afghani', '؋'], ['ALL', 2, 'Albanian Lek', 'Lek'],
  ['AMD', 2, 'Armenian Dram', '֏'], ['AOA', 2, 'Angolan Kwanza', 'Kz'], ['ARS', 2, 'Argentine Peso', 'AR$'],
  ['AWG', 2, 'Aruban Florin', 'Afl.'], ['AZN', 2, 'Azerbaijani Manat', '₼'],
  ['BAM', 2, 'Bosnia-Herzegovina Convertible Mark', 'KM'], ['BBD', 2, 'Barbados Dollar', 'Bds$'],
  ['BDT', 2, 'Bangladeshi Taka', '৳'], ['BHD', 3, 'Bahraini Dinar', 'BD'], ['BIF', 0, 'Burundian Franc', 'FBu'],
  ['BMD', 2, 'Bermudian Dollar', 'BD$'], ['BND', 2, 'Brunei Dollar', 'B$'], ['BOB', 2, 'Bolivian Boliviano', 'Bs'],
  ['BOV', 2, 'Bolivian Mvdol'], ['BRL', 2, 'Brazilian Real', 'R$'], ['BSD', 2, 'Bahamian Dollar', 'B$'],
  ['BTN', 2, 'Bhutanese Ngultrum', 'Nu.'], ['BWP', 2, 'Botswana Pula', 'P'], ['BYN', 2, 'Belarusian Ruble', 'Br'],
  ['BZD', 2, 'Belize Dollar', 'BZ$'], ['CDF', 2, 'Congolese Franc', 'FC'], ['CHE', 2, 'WIR Euro'],
  ['CHF', 2, 'Swiss Franc', 'CHF'], ['CHW', 2, 'WIR Franc'], ['CLF', 4, 'Chilean Unit of Account (UF)', 'UF'],
  ['CLP', 0, 'Chilean Peso', 'CLP$'], ['CNY', 2, 'Chinese Yuan', 'CN¥'], ['COP', 2, 'Colombian Peso', 'COL$'],
  ['COU', 2, 'Colombian Real Value Unit'], ['CRC', 2, 'Costa Rican Colón', '₡'],
  ['CUC', 2, 'Cuban Convertible Peso', 'CUC$'], ['CUP', 2, 'Cuban Peso', '₱'], ['CVE', 2, 'Cape Verdean Escudo', 'Esc'],
  ['CZK', 2, 'Czech Koruna', 'Kč'], ['DJF', 0, 'Djiboutian Franc', 'Fdj'], ['DKK', 2, 'Danish Krone', 'kr.'],
  ['DOP', 2, 'Dominican Peso', 'RD$'], ['DZD', 2, 'Algerian Dinar', 'DA'], ['EGP', 2, 'Egyptian Pound', 'E£'],
  ['ERN', 2, 'Eritrean Nakfa', 'Nfk'], ['ETB', 2, 'Ethiopian Birr', 'Br'], ['FJD', 2, 'Fijian Dollar', 'FJ$'],
  ['FKP', 2, 'Falkland Islands Pound', 'FK£'], ['GEL', 2, 'Georgian Lari', '₾'], ['GHS', 2, 'Ghanaian Cedi', 'GH₵'],
  ['GIP', 2, 'Gibraltar Pound', '£'], ['GMD', 2, 'Gambian Dalasi', 'D'], ['GNF', 0, 'Guinean Franc', 'FG'],
  ['GTQ', 2, 'Guatemalan Quetzal', 'Q'], ['GYD', 2, 'Guyanese Dollar', 'GY$'], ['HKD', 2, 'Hong Kong Dollar', 'HK$'],
  ['HNL', 2, 'Honduran Lempira', 'L'], ['HTG', 2, 'Haitian Gourde', 'G'], ['HUF', 2, 'Hungarian Forint', 'Ft'],
  ['IDR', 2, 'Indonesian Rupiah', 'Rp'], ['ILS', 2, 'Israeli New Shekel', '₪'], ['IQD', 3, 'Iraqi Dinar', 'IQD'],
  ['IRR', 2, 'Iranian Rial', 'IRR'], ['ISK', 0, 'Icelandic Króna', 'kr'], ['JMD', 2, 'Jamaican Dollar', 'J$'],
  ['JOD', 3, 'Jordanian Dinar', 'JD'], ['KES', 2, 'Kenyan Shilling', 'KSh'], ['KGS', 2, 'Kyrgyzstani Som', 'som'],
  ['KHR', 2, 'Cambodian Riel', '៛'], ['KMF', 0, 'Comorian Franc', 'CF'], ['KPW', 2, 'North Korean Won', '₩'],
  ['KRW', 0, 'South Korean Won', '₩'], ['KWD', 3, 'Kuwaiti Dinar', 'KD'], ['KYD', 2, 'Cayman Islands Dollar', 'CI$'],
  ['KZT', 2, 'Kazakhstani Tenge', '₸'], ['LAK', 2, 'Lao Kip', '₭'], ['LBP', 2, 'Lebanese Pound', 'LBP'],
  ['LKR', 2, 'Sri Lankan Rupee', 'Rs'], ['LRD', 2, 'Liberian Dollar', 'L$'], ['LSL', 2, 'Lesotho Loti', 'L'],
  ['LYD', 3, 'Libyan Dinar', 'LD'], ['MAD', 2, 'Moroccan Dirham', 'MAD'], ['MDL', 2, 'Moldovan Leu', 'L'],
  ['MGA', 2, 'Malagasy Ariary', 'Ar'], ['MKD', 2, 'Macedonian Denar', 'den'], ['MMK', 2, 'Myanmar Kyat', 'K'],
  ['MNT', 2, 'Mongolian Tögrög', '₮'], ['MOP', 2, 'Macanese Pataca', 'MOP$'], ['MRU', 2, 'Mauritanian Ouguiya', 'UM'],
  ['MUR', 2, 'Mauritian Rupee', 'Rs'], ['MVR', 2, 'Maldivian Rufiyaa', 'Rf'], ['MWK', 2, 'Malawian Kwacha', 'MK'],
  ['MXN', 2, 'Mexican Peso', 'MX$'], ['MXV', 2, 'Mexican Unit of Investment (UDI)'],
  ['MYR', 2, 'Malaysian Ringgit', 'RM'], ['MZN', 2, 'Mozambican Metical', 'MT'], ['NAD', 2, 'Namibian Dollar', 'N$'],
  ['NGN', 2, 'Nigerian Naira', '₦'], ['NIO', 2, 'Nicaraguan Córdoba', 'C$'], ['NOK', 2, 'Norwegian Krone', 'kr'],
  ['NPR', 2, 'Nepalese Rupee', 'Rs'], ['NZD', 2, 'New Zealand Dollar', 'NZ$'], ['OMR', 3, 'Omani Rial', 'OMR'],
  ['PAB', 2, 'Panamanian Balboa', 'B/.'], ['PEN', 2, 'Peruvian Sol', 'S/'], ['PGK', 2, 'Papua New Guinean Kina', 'K'],
  ['PHP', 2, 'Philippine Peso', '₱'], ['PKR', 2, 'Pakistani Rupee', 'Rs'], ['PLN', 2, 'Polish Złoty', 'zł'],
  ['PYG', 0, 'Paraguayan Guaraní', '₲'], ['QAR', 2, 'Qatari Riyal', 'QR'], ['RON', 2, 'Romanian Leu', 'lei'],
  ['RSD', 2, 'Serbian Dinar', 'din.'], ['RUB', 2, 'Russian Ruble', '₽'], ['RWF', 0, 'Rwandan Franc', 'RF'],
  ['SAR', 2, 'Saudi Riyal', 'SR'], ['SBD', 2, 'Solomon Islands Dollar', 'SI$'], ['SCR', 2, 'Seychellois Rupee', 'SR'],
  ['SDG', 2, 'Sudanese Pound', 'SDG'], ['SEK', 2, 'Swedish Krona', 'kr'], ['SGD', 2, 'Singapore Dollar', 'S$'],
  ['SHP', 2, 'Saint Helena Pound', '£'], ['SLE', 2, 'Sierra Leonean Leone', 'Le'], ['SOS', 2, 'Somali Shilling', 'Sh'],
  ['SRD', 2, 'Surinamese Dollar', 'Sr$'], ['SSP', 2, 'South Sudanese Pound', 'SS£'],
  ['STN', 2, 'São Tomé and Príncipe Dobra', 'Db'], ['SVC', 2, 'Salvadoran Colón', '₡'],
  ['SYP', 2, 'Syrian Pound', 'LS'], ['SZL', 2, 'Swazi Lilangeni', 'E'], ['THB', 2, 'Thai Baht', '฿'],
  ['TJS', 2, 'Tajikistani Somoni', 'SM'], ['TMT', 2, 'Turkmenistan Manat', 'm'], ['TND', 3, 'Tunisian Dinar', 'DT'],
  ['TOP', 2, 'Tongan Paʻanga', 'T$'], ['TRY', 2, 'Turkish Lira', '₺'], ['TTD', 2, 'Trinidad and Tobago Dollar', 'TT$'],
  ['TWD', 2, 'New Taiwan Dollar', 'NT$'], ['TZS', 2, 'Tanzanian Shilling', 'TSh'], ['UAH', 2, 'Ukrainian Hryvnia', '₴'],
  ['UGX', 0, 'Ugandan Shilling', 'USh'], ['USN', 2, 'US Dollar (Next day)'],
  ['UYI', 0, 'Uruguay Peso en Unidades Indexadas'], ['UYU', 2, 'Uruguayan Peso', '$U'],
  ['UYW', 4, 'Uruguay Nominal Wage Index Unit'], ['UZS', 2, 'Uzbekistani Som', 'soʻm'],
  ['VED', 2, 'Venezuelan Bolívar Digital', 'Bs.D'], ['VES', 2, 'Venezuelan Bolívar Soberano', 'Bs.S'],
  ['VND', 0, 'Vietnamese Đồng', '₫'], ['VUV', 0, 'Vanuatu Vatu', 'VT'], ['WST', 2, 'Samoan Tālā', 'WS$'],
  ['XAF', 0, 'Central African CFA Franc', 'FCFA'], ['XCD', 2, 'East Caribbean Dollar', 'EC$'],
  ['XCG', 2, 'Caribbean Guilder', 'Cg'], ['XOF', 0, 'West African CFA Franc', 'F\u202fCFA'],
  ['XPF', 0, 'CFP Franc', 'CFPF'], ['YER', 2, 'Yemeni Rial', 'YER'], ['ZAR', 2, 'South African Rand', 'R'],
  ['ZMW', 2, 'Zambian Kwacha', 'ZK'], ['ZWG', 2, 'Zimbabwe Gold', 'ZiG'],
];

export const ISO_CURRENCIES: readonly IsoCurrency[] = [
  ...SPEC_SEVEN,
  ...OTHERS.map(([code, minorUnit, name, symbol]) => ({ code, minorUnit, name, symbol: symbol ?? code })),
];

/** Codes withdrawn from ISO 4217 that users still type or have in old files, with what replaced them. */
export const RETIRED_CURRENCIES: Readonly<Record<string, string>> = {
  ANG: 'XCG',
  BGN: 'EUR',
  HRK: 'EUR',
  SLL: 'SLE',
  ZWL: 'ZWG',
  VEF: 'VES',
  MRO: 'MRU',
  STD: 'STN',
  LTL: 'EUR',
  LVL: 'EUR',
  EEK: 'EUR',
  DEM: 'EUR',
  FRF: 'EUR',
};

/** The largest minor unit in use: no amount of any currency has more decimals than this. */
export const MAX_MINOR_UNIT = 4;

const BY_CODE = new Map(ISO_CURRENCIES.map((currency) => [currency.code, currency]));

export function findIsoCurrency(code: string): IsoCurrency | undefined {
  return BY_CODE.get(code);
}

export function isIsoCurrencyCode(code: string): boolean {
  return BY_CODE.has(code);
}

/** Decimals of an amount of this currency; 2 for a code the catalogue does not know (never stored). */
export function minorUnitOf(code: string): number {
  return BY_CODE.get(code)?.minorUnit ?? 2;
}
