import { SwapMode, type SwapModeValue } from '@tp/contracts'

/**
 * The catalogue a fresh install starts with. Staff edit it later in the back office; the seed never
 * overwrites what is there. Prices are late-2020s levels the simulator is anchored to; cross rates
 * walk on their own, so EURJPY is not exactly EURUSD x USDJPY (docs/decisions/006-market-data.md).
 */

/** ESMA retail leverage classes; each cap is the setting `leverage_cap_<class>`. */
export const LEVERAGE_CLASSES = [
  'fx_major',
  'fx_other',
  'gold',
  'index_major',
  'commodity',
  'index_other',
  'crypto',
] as const
export type LeverageClass = (typeof LEVERAGE_CLASSES)[number]

/** ESMA's caps for retail clients (2018 product intervention, since adopted by national regulators). */
export const LEVERAGE_CAP_DEFAULTS: Record<LeverageClass, number> = {
  fx_major: 30,
  fx_other: 20,
  gold: 20,
  index_major: 20,
  commodity: 10,
  index_other: 10,
  crypto: 2,
}

/** The choices offered up to an instrument's cap. */
export const LEVERAGE_LADDER = [1, 2, 5, 10, 20, 30, 50, 100, 200, 500] as const

export const leverageChoices = (cap: number): number[] => {
  const choices: number[] = LEVERAGE_LADDER.filter((value) => value <= cap)
  if (!choices.includes(cap)) choices.push(cap)
  return choices
}

export interface CategorySeed {
  key: string
  names: Record<string, string>
}

export const CATEGORY_SEEDS: CategorySeed[] = [
  {
    key: 'forex',
    names: {
      hk: '外匯',
      en: 'Forex',
      jp: '外国為替',
      kr: '외환',
      th: 'ฟอเร็กซ์',
      vn: 'Ngoại hối',
      fr: 'Forex',
      de: 'Devisen',
      ru: 'Форекс',
      spa: 'Divisas',
      pt: 'Forex',
      ar: 'العملات',
      it: 'Forex',
      tr: 'Döviz',
      id: 'Valas',
      my: 'Forex',
      hi: 'विदेशी मुद्रा',
      cs: 'Forex',
      fa: 'فارکس',
      fi: 'Valuutat',
      et: 'Valuuta',
    },
  },
  {
    key: 'metals',
    names: {
      hk: '貴金屬',
      en: 'Metals',
      jp: '貴金属',
      kr: '귀금속',
      th: 'โลหะมีค่า',
      vn: 'Kim loại quý',
      fr: 'Métaux',
      de: 'Edelmetalle',
      ru: 'Металлы',
      spa: 'Metales',
      pt: 'Metais',
      ar: 'المعادن',
      it: 'Metalli',
      tr: 'Metaller',
      id: 'Logam',
      my: 'Logam',
      hi: 'धातुएँ',
      cs: 'Kovy',
      fa: 'فلزات',
      fi: 'Metallit',
      et: 'Metallid',
    },
  },
  {
    key: 'energy',
    names: {
      hk: '能源',
      en: 'Energy',
      jp: 'エネルギー',
      kr: '에너지',
      th: 'พลังงาน',
      vn: 'Năng lượng',
      fr: 'Énergie',
      de: 'Energie',
      ru: 'Энергоносители',
      spa: 'Energía',
      pt: 'Energia',
      ar: 'الطاقة',
      it: 'Energia',
      tr: 'Enerji',
      id: 'Energi',
      my: 'Tenaga',
      hi: 'ऊर्जा',
      cs: 'Energie',
      fa: 'انرژی',
      fi: 'Energia',
      et: 'Energia',
    },
  },
  {
    key: 'indices',
    names: {
      hk: '指數',
      en: 'Indices',
      jp: '株価指数',
      kr: '지수',
      th: 'ดัชนี',
      vn: 'Chỉ số',
      fr: 'Indices',
      de: 'Indizes',
      ru: 'Индексы',
      spa: 'Índices',
      pt: 'Índices',
      ar: 'المؤشرات',
      it: 'Indici',
      tr: 'Endeksler',
      id: 'Indeks',
      my: 'Indeks',
      hi: 'सूचकांक',
      cs: 'Indexy',
      fa: 'شاخص‌ها',
      fi: 'Indeksit',
      et: 'Indeksid',
    },
  },
  {
    key: 'crypto',
    names: {
      hk: '加密貨幣',
      en: 'Crypto',
      jp: '暗号資産',
      kr: '암호화폐',
      th: 'คริปโต',
      vn: 'Tiền mã hóa',
      fr: 'Crypto',
      de: 'Krypto',
      ru: 'Криптовалюты',
      spa: 'Cripto',
      pt: 'Cripto',
      ar: 'العملات المشفرة',
      it: 'Cripto',
      tr: 'Kripto',
      id: 'Kripto',
      my: 'Kripto',
      hi: 'क्रिप्टो',
      cs: 'Kryptoměny',
      fa: 'رمزارزها',
      fi: 'Kryptovaluutat',
      et: 'Krüpto',
    },
  },
]

export interface InstrumentSeed {
  code: string
  showCode: string
  name: string
  category: string
  precision: number
  contractSize: string
  maxLots: string
  /** Trading fee per lot in USD (setting `trade_fee_type` 1) or share of margin otherwise. */
  feeRate: string
  spreadPoints: number
  quoteCurrency: string
  /** Swap per lot per night, buy and sell (decimal text, negative charges), as `swapMode` reads them. */
  swapLong: string
  swapShort: string
  swapMode: SwapModeValue
  /** The weekday (in the market's zone) whose rollover charges three nights (3 Wednesday, 5 Friday); null: none. */
  swapTripleDay: number | null
  leverageClass: LeverageClass
  anchor: number
  dailyVolatility: number
  tickIntervalMs: number
}

type Row = [
  code: string,
  name: string,
  precision: number,
  contractSize: string,
  maxLots: string,
  feeRate: string,
  spreadPoints: number,
  quoteCurrency: string,
  leverageClass: LeverageClass,
  anchor: number,
  dailyVolatility: number,
  tickIntervalMs: number,
]

const FOREX: Row[] = [
  ['EURUSD', 'Euro / US Dollar', 5, '100000', '50', '7', 10, 'USD', 'fx_major', 1.085, 0.005, 400],
  ['GBPUSD', 'British Pound / US Dollar', 5, '100000', '50', '7', 14, 'USD', 'fx_major', 1.27, 0.006, 450],
  ['USDJPY', 'US Dollar / Japanese Yen', 3, '100000', '50', '7', 12, 'JPY', 'fx_major', 151.5, 0.006, 450],
  ['USDCHF', 'US Dollar / Swiss Franc', 5, '100000', '50', '7', 15, 'CHF', 'fx_major', 0.88, 0.005, 600],
  ['USDCAD', 'US Dollar / Canadian Dollar', 5, '100000', '50', '7', 18, 'CAD', 'fx_major', 1.36, 0.004, 600],
  ['EURGBP', 'Euro / British Pound', 5, '100000', '50', '7', 15, 'GBP', 'fx_major', 0.855, 0.004, 700],
  ['EURJPY', 'Euro / Japanese Yen', 3, '100000', '50', '7', 20, 'JPY', 'fx_major', 164.4, 0.007, 600],
  [
    'GBPJPY',
    'British Pound / Japanese Yen',
    3,
    '100000',
    '50',
    '7',
    30,
    'JPY',
    'fx_major',
    192.4,
    0.008,
    600,
  ],
  ['EURCHF', 'Euro / Swiss Franc', 5, '100000', '50', '7', 20, 'CHF', 'fx_major', 0.955, 0.004, 800],
  [
    'AUDUSD',
    'Australian Dollar / US Dollar',
    5,
    '100000',
    '50',
    '7',
    14,
    'USD',
    'fx_other',
    0.655,
    0.007,
    500,
  ],
  [
    'NZDUSD',
    'New Zealand Dollar / US Dollar',
    5,
    '100000',
    '50',
    '7',
    20,
    'USD',
    'fx_other',
    0.6,
    0.007,
    700,
  ],
  [
    'AUDJPY',
    'Australian Dollar / Japanese Yen',
    3,
    '100000',
    '50',
    '7',
    22,
    'JPY',
    'fx_other',
    99.2,
    0.008,
    800,
  ],
  ['EURAUD', 'Euro / Australian Dollar', 5, '100000', '50', '7', 25, 'AUD', 'fx_other', 1.656, 0.006, 800],
  [
    'USDSGD',
    'US Dollar / Singapore Dollar',
    5,
    '100000',
    '50',
    '7',
    30,
    'SGD',
    'fx_other',
    1.345,
    0.003,
    900,
  ],
  [
    'USDHKD',
    'US Dollar / Hong Kong Dollar',
    5,
    '100000',
    '50',
    '7',
    30,
    'HKD',
    'fx_other',
    7.81,
    0.0005,
    1000,
  ],
  ['USDCNH', 'US Dollar / Offshore Yuan', 5, '100000', '50', '7', 40, 'CNH', 'fx_other', 7.24, 0.002, 900],
]
const METALS: Row[] = [
  ['XAUUSD', 'Gold / US Dollar', 2, '100', '50', '10', 30, 'USD', 'gold', 2350, 0.01, 400],
  ['XAGUSD', 'Silver / US Dollar', 3, '5000', '20', '10', 25, 'USD', 'commodity', 28.5, 0.018, 600],
  ['XPTUSD', 'Platinum / US Dollar', 2, '50', '20', '10', 200, 'USD', 'commodity', 980, 0.016, 900],
]
const ENERGY: Row[] = [
  ['USOIL', 'WTI Crude Oil', 2, '1000', '50', '10', 4, 'USD', 'commodity', 78.5, 0.02, 500],
  ['UKOIL', 'Brent Crude Oil', 2, '1000', '50', '10', 5, 'USD', 'commodity', 82.6, 0.019, 600],
  ['NGAS', 'Natural Gas', 3, '10000', '20', '10', 8, 'USD', 'commodity', 2.45, 0.035, 900],
]
const INDICES: Row[] = [
  ['US30', 'Dow Jones 30', 1, '1', '100', '2', 30, 'USD', 'index_major', 39000, 0.011, 500],
  ['US500', 'S&P 500', 1, '1', '100', '2', 6, 'USD', 'index_major', 5200, 0.011, 400],
  ['NAS100', 'Nasdaq 100', 1, '1', '100', '2', 15, 'USD', 'index_major', 18200, 0.014, 400],
  ['GER40', 'Germany 40', 1, '1', '100', '2', 15, 'EUR', 'index_major', 18100, 0.012, 600],
  ['UK100', 'UK 100', 1, '1', '100', '2', 10, 'GBP', 'index_major', 8100, 0.01, 700],
  ['JPN225', 'Japan 225', 0, '1', '100', '2', 10, 'JPY', 'index_major', 38500, 0.013, 700],
  ['HK50', 'Hong Kong 50', 0, '1', '100', '2', 8, 'HKD', 'index_other', 17800, 0.015, 700],
]
const CRYPTO: Row[] = [
  ['BTCUSD', 'Bitcoin / US Dollar', 2, '1', '10', '20', 3000, 'USD', 'crypto', 65000, 0.03, 300],
  ['ETHUSD', 'Ethereum / US Dollar', 2, '1', '50', '10', 200, 'USD', 'crypto', 3300, 0.038, 350],
  ['LTCUSD', 'Litecoin / US Dollar', 2, '1', '100', '2', 20, 'USD', 'crypto', 82, 0.045, 700],
  ['XRPUSD', 'Ripple / US Dollar', 4, '1000', '100', '2', 20, 'USD', 'crypto', 0.52, 0.045, 700],
  ['SOLUSD', 'Solana / US Dollar', 2, '1', '100', '5', 10, 'USD', 'crypto', 150, 0.05, 500],
]

/**
 * Swaps like a retail broker's in late 2026: forex, metals and energy in points (the interest
 * difference of the two currencies less a markup, so most sides pay), indices and crypto as an
 * annual percentage (the currency's rate plus a 2.5 % markup on a buy, less it on a sell; crypto pays
 * both ways, every day). A credit's three nights stay below the spread and fee of a lot: holding
 * over Wednesday's rollover for a second earns nothing.
 */
const SWAP_SEEDS: Record<string, [long: string, short: string]> = {
  EURUSD: ['-7.1', '2.3'],
  GBPUSD: ['-3.4', '-1.2'],
  USDJPY: ['6.1', '-28.9'],
  USDCHF: ['5.2', '-12.6'],
  USDCAD: ['-1.9', '-4.1'],
  EURGBP: ['-4.6', '0.4'],
  EURJPY: ['7.8', '-19.4'],
  GBPJPY: ['12.1', '-26.5'],
  EURCHF: ['1.1', '-6.9'],
  AUDUSD: ['-2.8', '-1.5'],
  NZDUSD: ['-1.6', '-2.2'],
  AUDJPY: ['8.3', '-17.7'],
  EURAUD: ['-9.8', '3.2'],
  USDSGD: ['-2.4', '-6.1'],
  USDHKD: ['-6.5', '-19.8'],
  USDCNH: ['18.4', '-75.2'],
  XAUUSD: ['-48.6', '8.2'],
  XAGUSD: ['-8.9', '1.7'],
  XPTUSD: ['-21.5', '4.6'],
  USOIL: ['-1.2', '-0.6'],
  UKOIL: ['-1.1', '-0.7'],
  NGAS: ['-2.3', '-1.4'],
  US30: ['-6.8', '1.8'],
  US500: ['-6.8', '1.8'],
  NAS100: ['-6.8', '1.8'],
  GER40: ['-4.7', '-0.3'],
  UK100: ['-6.4', '1.4'],
  JPN225: ['-3.0', '-2.0'],
  HK50: ['-5.9', '0.9'],
  BTCUSD: ['-18', '-12'],
  ETHUSD: ['-18', '-12'],
  LTCUSD: ['-18', '-12'],
  XRPUSD: ['-18', '-12'],
  SOLUSD: ['-18', '-12'],
}

/** Percent rates for indices and crypto; Wednesday's rollover charges the weekend for FX-like markets, Friday's for indices. */
const SWAP_STYLE_BY_CATEGORY: Record<string, { mode: SwapModeValue; tripleDay: number | null }> = {
  forex: { mode: SwapMode.Points, tripleDay: 3 },
  metals: { mode: SwapMode.Points, tripleDay: 3 },
  energy: { mode: SwapMode.Points, tripleDay: 5 },
  indices: { mode: SwapMode.Percent, tripleDay: 5 },
  crypto: { mode: SwapMode.Percent, tripleDay: null },
}

const swapStyle = (category: string) => SWAP_STYLE_BY_CATEGORY[category] ?? SWAP_STYLE_BY_CATEGORY.forex!

/** "EURUSD" -> "EUR/USD" for pairs of two 3-letter codes; other codes show as they are. */
const showCodeOf = (code: string, category: string) =>
  category === 'forex' || category === 'metals' || category === 'crypto'
    ? `${code.slice(0, 3)}/${code.slice(3)}`
    : code

const seeds = (category: string, rows: Row[]): InstrumentSeed[] =>
  rows.map(
    ([
      code,
      name,
      precision,
      contractSize,
      maxLots,
      feeRate,
      spreadPoints,
      quoteCurrency,
      leverageClass,
      anchor,
      dailyVolatility,
      tickIntervalMs,
    ]) => ({
      code,
      showCode: showCodeOf(code, category),
      name,
      category,
      precision,
      contractSize,
      maxLots,
      feeRate,
      spreadPoints,
      quoteCurrency,
      swapLong: SWAP_SEEDS[code]?.[0] ?? '0',
      swapShort: SWAP_SEEDS[code]?.[1] ?? '0',
      swapMode: swapStyle(category).mode,
      swapTripleDay: swapStyle(category).tripleDay,
      leverageClass,
      anchor,
      dailyVolatility,
      tickIntervalMs,
    }),
  )

export const INSTRUMENT_SEEDS: InstrumentSeed[] = [
  ...seeds('forex', FOREX),
  ...seeds('metals', METALS),
  ...seeds('energy', ENERGY),
  ...seeds('indices', INDICES),
  ...seeds('crypto', CRYPTO),
]
